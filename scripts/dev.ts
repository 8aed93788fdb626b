// `npm run dev`: the wizard with live reload. Starts the API server in watch mode
// (`tsx watch src/server/server.ts`, port 3001 unless API_PORT says otherwise, DATABASE_URL as set
// or the server's default) and Vite's dev server with /api proxied to it. Edits in src/ reload
// through Vite; edits in schemas/ rebuild the validators and reload the page, and restart the API
// (tsx watch) so both sides use the new definition.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';
process.env.API_PROXY_TARGET ??= `http://127.0.0.1:${apiPort}`;

const tsx = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
if (!existsSync(tsx)) {
  console.error('tsx is missing: run `npm install` first.');
  process.exit(1);
}

const api = spawn(tsx, ['watch', '--clear-screen=false', '--include', 'schemas/**/*.json', 'src/server/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort, NODE_ENV: process.env.NODE_ENV ?? 'development' },
});

const vite = await createServer({ root, configFile: path.join(root, 'vite.config.ts') });
await vite.listen();
vite.printUrls();
console.log(`  ➜  API:     ${process.env.API_PROXY_TARGET} (proxied at /api)`);

let stopping = false;
async function stop(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  api.kill('SIGTERM');
  await vite.close().catch(() => undefined);
  process.exit(code);
}
api.on('exit', (code) => {
  if (!stopping) {
    console.error(`The API server stopped (exit code ${code ?? 'signal'}); stopping the dev server.`);
    void stop(code ?? 1);
  }
});
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
