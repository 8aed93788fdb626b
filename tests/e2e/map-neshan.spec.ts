/**
 * What only the `neshan` provider has, against a local stand-in: the key, map type and
 * layers as the SDK asks for them, and the console's map. Its server is its own, whose
 * register-config.json names neshan (startNeshanServer), and page routes answer every request of
 * Neshan's SDK (quota check, tiles, images). Nothing leaves the machine. The location step's
 * behaviour, the same on every provider, is tested on neshan too by map.spec.ts.
 */
import { request, type Page } from '@playwright/test';
import { apiPaths, REGISTER_CONFIG_ELEMENT_ID } from '../../src/shared/contracts/wizard-api.js';
import { addColleague, registerThroughApi, search, signIn } from './staff-helpers.js';
import { startNeshanServer, withDatabaseOf, type StartedServer } from './server.js';
import { NESHAN_BASE_TILE_HOSTS, NESHAN_WEB_KEY, neshanStandIn, pathsOn } from './map-stand-in.js';
import { expect, fillPharmacyInfo, mapRegion, press, samplePharmacy, step, test } from './helpers.js';

const WEB_KEY = NESHAN_WEB_KEY;

let server: StartedServer;

test.describe.configure({ mode: 'serial' });
// The page CSP is in force: it names Neshan's hosts when the map is Neshan's (security-headers.ts),
// and the helpers' `problems` fixture fails the test on any violation.

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startNeshanServer();
});

test.afterAll(async () => {
  await server?.stop();
});

const BASE = NESHAN_BASE_TILE_HOSTS;
const LABELS = /^tile[5-8]\.neshan\.org$/;
const TRAFFIC = /^trts\d\.neshan\.org$/;

// Register/Config reaches the page inlined in its HTML (and from the API): both are rewritten.
const configBlock = new RegExp(`(?<=<script[^>]*id="${REGISTER_CONFIG_ELEMENT_ID}"[^>]*>)[^<]*`);
function rewriteMap(json: string): string {
  const config = JSON.parse(json) as { map: Record<string, unknown> };
  config.map = { ...config.map, type: 'standard-night', poi: false, traffic: true };
  return JSON.stringify(config);
}

async function openLocation(page: Page): Promise<void> {
  await page.goto(`${server.baseURL}/pharmacy-info`);
  await fillPharmacyInfo(page, samplePharmacy());
  await press(page, step('pharmacy-info').buttons!.next!);
  await expect(page).toHaveURL(/\/location$/);
  await expect(mapRegion(page)).toBeVisible();
}

test('the key, the map type and the POI and traffic layers reach Neshan as the SDK asks for them', async ({ page }) => {
  const standIn = await neshanStandIn(page);
  await openLocation(page);
  await expect.poll(() => pathsOn(standIn, LABELS).size).toBeGreaterThan(0);
  // The web key goes in the quota check's api-key header (never in a tile URL).
  await expect.poll(() => standIn.apiKeys).toContain(WEB_KEY);
  expect(standIn.answered.filter((line) => line.includes(WEB_KEY))).toEqual([]);
  // traffic: false asks for no traffic tiles.
  expect(pathsOn(standIn, TRAFFIC).size).toBe(0);
  const dreamy = { base: pathsOn(standIn, BASE), labels: pathsOn(standIn, LABELS) };

  // The same view with another map type, POI off and traffic on (Register/Config rewritten).
  const other = await neshanStandIn(page);
  await page.route(
    (url) => url.origin === server.baseURL,
    async (route) => {
      const response = await route.fetch();
      const inlined = route.request().resourceType() === 'document';
      if (!inlined && !route.request().url().endsWith(apiPaths.config)) return route.fulfill({ response });
      const body = await response.text();
      await route.fulfill({
        response,
        body: inlined ? body.replace(configBlock, (block) => rewriteMap(block)) : rewriteMap(body),
      });
    },
  );
  await page.reload();
  await expect(mapRegion(page)).toBeVisible();
  await expect.poll(() => pathsOn(other, TRAFFIC).size).toBeGreaterThan(0);
  await expect.poll(() => pathsOn(other, LABELS).size).toBeGreaterThan(0);
  // The SDK encodes the map type in the base tiles' path and POI in the labels' path.
  const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((path) => b.has(path));
  expect(overlap(pathsOn(other, BASE), dreamy.base)).toEqual([]);
  expect(overlap(pathsOn(other, LABELS), dreamy.labels)).toEqual([]);
  expect([...standIn.escaped, ...other.escaped]).toEqual([]);
});

test("the console shows a case's position on Neshan's map with the same options", async ({ page, problems }) => {
  // The console asks for its session before signing in: a 401 it expects.
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  const api = await request.newContext({ baseURL: server.baseURL });
  const trackingCode = await registerThroughApi(api, 'داروخانه نقشه نشان');
  await api.dispose();
  const email = await withDatabaseOf(server, () => addColleague('agent', 'neshan-map'));
  const standIn = await neshanStandIn(page);
  await signIn(page, email, `${server.baseURL}/staff`);
  await search(page, trackingCode);
  await page.getByRole('link', { name: trackingCode }).click();
  // The SDK's map with the case's marker drawn by the SDK's own Leaflet.
  await expect(page.locator('.staff-map.leaflet-container path.leaflet-interactive')).toHaveCount(1);
  await expect.poll(() => standIn.apiKeys).toContain(WEB_KEY);
  expect(pathsOn(standIn, BASE).size).toBeGreaterThan(0);
  expect(pathsOn(standIn, TRAFFIC).size).toBe(0);
  expect(standIn.escaped).toEqual([]);
});
