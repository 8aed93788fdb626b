/**
 * The location step on the `neshan` provider (issue 25), against a local stand-in: a server of its
 * own whose register-config.json names neshan (MAP_KEY its web key), and page routes that answer
 * every request of Neshan's SDK (quota check, tiles, images). Nothing leaves the machine.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, type Page } from '@playwright/test';
import { apiPaths, REGISTER_CONFIG_ELEMENT_ID } from '../../src/shared/api-contract.js';
import { addColleague, registerThroughApi, search, signIn } from './staff-helpers.js';
import { projectRoot, startServer, type StartedServer } from './server.js';
import { NESHAN_WEB_KEY, neshanStandIn, type StandIn } from './map-stand-in.js';
import {
  choose,
  dragMap,
  expect,
  expectMapAt,
  fa,
  fillPharmacyInfo,
  mapRegion,
  press,
  sampleLocation,
  samplePharmacy,
  screenshot,
  settledCoordinates,
  shownCoordinates,
  step,
  test,
  title,
} from './helpers.js';

const WEB_KEY = NESHAN_WEB_KEY;

let server: StartedServer;

test.describe.configure({ mode: 'serial' });
// The page CSP is in force: it names Neshan's hosts when the map is Neshan's (security-headers.ts),
// and the helpers' `problems` fixture fails the test on any violation.

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const schemasDir = join(mkdtempSync(join(tmpdir(), 'pharmacy-neshan-')), 'schemas');
  cpSync(join(projectRoot, 'schemas'), schemasDir, { recursive: true });
  const configFile = join(schemasDir, 'register-config.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as { map: Record<string, unknown> };
  config.map = { ...config.map, provider: 'neshan', type: 'dreamy', poi: true, traffic: false };
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  server = await startServer({ schemasDir, env: { MAP_KEY: WEB_KEY } });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The staff CLI writes to the database of E2E_DATABASE_FILE: this file's server's, for a while. */
async function withOwnDatabase<T>(work: () => T): Promise<T> {
  const shared = process.env.E2E_DATABASE_FILE;
  process.env.E2E_DATABASE_FILE = server.databaseFile;
  try {
    return await work();
  } finally {
    process.env.E2E_DATABASE_FILE = shared;
  }
}

const pathsOn = (standIn: StandIn, hosts: RegExp) =>
  new Set(
    standIn.answered
      .map((line) => new URL(line.split(' ')[1]))
      .filter((url) => hosts.test(url.hostname))
      .map((url) => url.pathname),
  );
const BASE = /^tile[1-4]\.neshan\.org$/;
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

test('on neshan the map flies to the province and city, follows a drag and the keys, and restores the point', async ({
  page,
}, testInfo) => {
  const standIn = await neshanStandIn(page);
  await openLocation(page);
  await expect(page.getByRole('img', { name: fa.widgets.map.markerAlt })).toBeVisible();
  await expect(mapRegion(page)).toHaveAccessibleDescription(/.+/);

  await choose(page, title('location', 'selectedState'), sampleLocation.province);
  await expectMapAt(page, 32.67079, 51.665);
  await choose(page, title('location', 'cityId'), sampleLocation.city);
  await expectMapAt(page, sampleLocation.cityLatitude, sampleLocation.cityLongitude);
  const atCity = await shownCoordinates(page);
  await screenshot(page, testInfo, 'location-neshan');

  await dragMap(page, 90, 70);
  await expect.poll(async () => (await shownCoordinates(page)).longitude).toBeLessThan(atCity.longitude - 0.001);
  const dragged = await settledCoordinates(page);

  await mapRegion(page).focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await shownCoordinates(page)).latitude).toBeGreaterThan(dragged.latitude + 0.001);
  const final = await settledCoordinates(page);

  // A reload restores the saved point from the draft, on the SDK's map too.
  await page.reload();
  await expect(mapRegion(page)).toBeVisible();
  await expectMapAt(page, final.latitude, final.longitude);

  expect(pathsOn(standIn, BASE).size).toBeGreaterThan(0);
  expect(standIn.escaped).toEqual([]);
});

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
  const email = await withOwnDatabase(() => addColleague('agent', 'neshan-map'));
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
