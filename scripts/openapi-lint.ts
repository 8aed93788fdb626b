// `npm run openapi:lint`: builds the app (in-memory database), writes the document it serves at
// /api/openapi.json to a temporary file and lints it with Spectral's `spectral:oas` ruleset
// (.spectral.yaml). Any error or warning fails. `--out FILE` keeps the document there as well.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { fromRoot } from '../src/server/paths.js';
import { OPENAPI_PATH } from '../src/server/plugins/openapi.js';

async function servedDocument(): Promise<string> {
  const app = await buildApp({
    config: loadConfig({
      DATABASE_URL: 'sqlite::memory:',
      NODE_ENV: 'test',
      CLIENT_DIR: join(tmpdir(), 'no-client'),
      SSR_DIR: join(tmpdir(), 'no-client', 'ssr'),
    }),
  });
  try {
    const response = await app.inject({ url: OPENAPI_PATH });
    if (response.statusCode !== 200) throw new Error(`${OPENAPI_PATH} answered ${response.statusCode}`);
    return response.body;
  } finally {
    await app.close();
  }
}

const folder = mkdtempSync(join(tmpdir(), 'openapi-'));
try {
  const file = join(folder, 'openapi.json');
  const document = await servedDocument();
  writeFileSync(file, document);
  const out = process.argv.indexOf('--out');
  if (out > 0 && process.argv[out + 1]) writeFileSync(process.argv[out + 1], document);
  const lint = spawnSync(
    'npx',
    ['spectral', 'lint', file, '--ruleset', fromRoot('.spectral.yaml'), '--fail-severity', 'warn'],
    { stdio: 'inherit' },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
