import { afterAll, beforeAll, describe, it } from 'vitest';
import type { StartedServer } from '../e2e/server.js';
import type { Engine } from './engine.js';
import { startEngineServer, tilesServed } from './server.js';
import { launchWebKit, miniBrowserPath } from './webkit.js';
import { locationStep, mainWalk } from './walk.js';

describe(`WebKit (${miniBrowserPath}, W3C WebDriver), a 360 px popup`, () => {
  let server: StartedServer;
  let engine: Engine;
  beforeAll(async () => {
    // WebKit keeps a Secure cookie only from https, even from 127.0.0.1; the suite serves plain
    // http, so this server runs as in development: its cookies lack Secure and the __Host- prefix
    // and it sends no HSTS. Everything else (CSP, limits, the built client) is production's.
    server = await startEngineServer({ NODE_ENV: 'development' });
    engine = await launchWebKit(server.baseURL);
  });
  afterAll(async () => {
    await engine?.close();
    // Fails the file if the server logged an error or answered a 5xx meanwhile.
    await server?.stop();
  });

  it('a manager walks every step, back and forward, reads the rules, answers the captcha and the row is stored', async () => {
    await mainWalk(engine);
  });

  it('the location step: cities of the province, the map flies to the city, follows a drag and the arrow keys', async () => {
    await locationStep(engine, tilesServed);
  });
});
