// Baseline `stack`: the product's own app (buildApp: security headers, request log, body parsing,
// cookies and CSRF, rate limits, database, …) with one extra route answering a constant, added
// through buildApp's `extend` seam. Runs the compiled server (dist/server), as `npm start` does.
import { fromRoot } from '../lib/util.js';

type AppModule = typeof import('../../src/server/app.js');
type ConfigModule = typeof import('../../src/server/config.js');

const { buildApp } = (await import(fromRoot('dist', 'server', 'app.js'))) as AppModule;
const { loadConfig } = (await import(fromRoot('dist', 'server', 'config.js'))) as ConfigModule;

const config = loadConfig();
const constant = { ok: true };
const app = await buildApp({
  config,
  logger: true,
  extend: (instance) => {
    instance.get('/api/bench/constant', async () => constant);
  },
});
await app.listen({ port: config.port, host: config.host });
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => void app.close().then(() => process.exit(0)));
