import type { FullConfig } from '@playwright/test';
import { startServer } from './server.js';

/**
 * Starts the BUILT server once for the whole run, on a free port, with a fresh temporary SQLite file
 * and the fixture captcha bank. The tests find it through environment variables (workers are
 * started after global setup and inherit them). Returns the teardown.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATABASE_FILE = server.databaseFile;
  process.env.E2E_CAPTCHA_BANK = server.captchaBankFile;
  process.env.E2E_TILE_ORIGINS = server.tileOrigins.join(' ');
  process.env.E2E_SERVER_LOG = server.logFile;
  console.log(`e2e: server ${server.baseURL}, database ${server.databaseFile}`);
  return server.stop;
}
