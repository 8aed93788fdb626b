import { afterAll, beforeAll, describe, it } from 'vitest';
import type { StartedServer } from '../e2e/server.js';
import type { Engine } from './engine.js';
import { firefoxPath, launchFirefox } from './firefox.js';
import { startEngineServer, tilesServed } from './server.js';
import { locationStep, mainWalk } from './walk.js';

describe(`Firefox (${firefoxPath}, WebDriver BiDi through puppeteer-core), 360 px wide`, () => {
  let server: StartedServer;
  let engine: Engine;
  beforeAll(async () => {
    server = await startEngineServer();
    engine = await launchFirefox(server.baseURL);
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
