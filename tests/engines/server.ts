/**
 * One engine's server: the BUILT wizard (tests/e2e/server.ts) on the run's schemas copy, whose map
 * tiles come from the run's tile server (global-setup.ts), with a fresh SQLite file. The database
 * readers of tests/e2e/wizard-facts.ts read this server's file (each test file runs in a process
 * of its own, so the variables stay its own).
 */
import { startServer, type StartedServer } from '../e2e/server.js';
import { requiredEnv } from '../e2e/wizard-facts.js';

export async function startEngineServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const server = await startServer({ schemasDir: requiredEnv('ENGINES_SCHEMAS_DIR'), env });
  process.env.E2E_DATABASE_FILE = server.databaseFile;
  process.env.E2E_CAPTCHA_BANK = server.captchaBankFile;
  return server;
}

/** How many map tiles the run's tile server has answered so far. */
export async function tilesServed(): Promise<number> {
  return Number(await (await fetch(`${requiredEnv('ENGINES_TILE_ORIGIN')}/count`)).text());
}
