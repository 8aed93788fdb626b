/**
 * Once per run: a map tile server on loopback and a copy of schemas/ whose map takes its tiles
 * from it, so the browsers draw the map without a request leaving the machine (WebDriver classic
 * cannot answer a page's requests the way Playwright's routes do). Each engine's file starts its
 * own BUILT server on that copy (server.ts here). Found through environment variables.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TILE_PNG } from '../e2e/map-stand-in.js';
import { freePort, projectRoot } from '../e2e/server.js';

/** Answers every /tiles/ request with a 1×1 PNG and tells, on /count, how many it answered. */
async function startTileServer(): Promise<{ origin: string; close: () => Promise<void> }> {
  let served = 0;
  const server = createServer((request, response) => {
    if (request.url === '/count') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(String(served));
      return;
    }
    served += 1;
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(TILE_PNG);
  });
  const port = await freePort();
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/** A copy of schemas/ whose map's tiles come from `tileOrigin`. */
function schemasWithTilesFrom(tileOrigin: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'pharmacy-engines-'));
  const schemasDir = join(folder, 'schemas');
  cpSync(join(projectRoot, 'schemas'), schemasDir, { recursive: true });
  const configFile = join(schemasDir, 'register-config.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as { map: Record<string, unknown> };
  config.map = { ...config.map, tileUrl: `${tileOrigin}/tiles/{z}/{x}/{y}.png` };
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  return folder;
}

export default async function setup(): Promise<() => Promise<void>> {
  const tiles = await startTileServer();
  const schemasFolder = schemasWithTilesFrom(tiles.origin);
  process.env.ENGINES_SCHEMAS_DIR = join(schemasFolder, 'schemas');
  process.env.ENGINES_TILE_ORIGIN = tiles.origin;
  return async () => {
    await tiles.close();
    rmSync(schemasFolder, { recursive: true, force: true });
  };
}
