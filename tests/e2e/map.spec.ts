/**
 * The location step on every map provider: the same widget with the same behaviour on
 * `osm` (the shipped config, on the run's server) and on `neshan` (a server of its own whose
 * register-config.json names neshan, MAP_KEY a web key). The providers' hosts are answered by a
 * local stand-in on every page, and each test ends by asserting that no request left the machine.
 */
import type { Page, TestInfo } from '@playwright/test';
import {
  holdRequests,
  labelRe,
  settledCoordinates,
  dragMap,
  expectMapAt,
  acceptTerms,
  answerCaptcha,
  choose,
  expect,
  press,
  fa,
  field,
  fillManager,
  fillPharmacyInfo,
  mapRegion,
  payloadOf,
  sampleLocation,
  sampleManager,
  samplePharmacy,
  screenshot,
  shownCoordinates,
  step,
  test as base,
  theRegistration,
  title,
  type RegistrationRow,
} from './helpers.js';
import { mapStandIn, NESHAN_BASE_TILE_HOSTS, NESHAN_HOSTS, OSM_HOSTS, pathsOn, type StandIn } from './map-stand-in.js';
import { startNeshanServer, withDatabaseOf, type StartedServer } from './server.js';
import { distanceKm } from '../../scripts/locations-data/geo';

// Province اصفهان (id 4) and its city کاشان (id 203) in src/server/locations/iran-locations.json.
const province = { latitude: 32.67079, longitude: 51.665 };
const city = { latitude: sampleLocation.cityLatitude, longitude: sampleLocation.cityLongitude };

type Provider = 'osm' | 'neshan';

/**
 * The neshan server, started once per worker when a test asks for it: a worker fixture is set up
 * before the test's own fixtures (baseURL among them), which a beforeAll is not.
 */
const test = base.extend<object, { neshanServer: StartedServer }>({
  neshanServer: [
    async ({}, use) => {
      const server = await startNeshanServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** What differs between the providers for these tests; everything else is the same widget. */
const providers: Record<
  Provider,
  {
    /** The hosts the stand-in answers; any other request leaving the machine is refused and recorded. */
    hosts: RegExp;
    /** The hosts of the base map's tiles. */
    tileHosts: RegExp;
    /** The chunks of the provider's Leaflet, held back to play a slow line. */
    leafletChunks: RegExp;
    /** The documentation's screenshot of the step on this provider (happy-path.spec.ts takes osm's). */
    screenshot?: string;
  }
> = {
  osm: { hosts: OSM_HOSTS, tileHosts: OSM_HOSTS, leafletChunks: /\/assets\/centre-[^/]+\.js$/ },
  neshan: {
    hosts: NESHAN_HOSTS,
    tileHosts: NESHAN_BASE_TILE_HOSTS,
    // The lazy NeshanSurface and the SDK it loads (widgets/vendor/neshan-leaflet, its own Leaflet):
    // the map exists only once both are in.
    leafletChunks: /\/assets\/(NeshanSurface|leaflet)-[^/]+\.js$/,
    screenshot: 'location-neshan',
  },
};

/**
 * Runs the describe's tests on `provider`: on neshan against a server of its own (its address the
 * tests' baseURL, its database the one read back), and on either with the stand-in on every page.
 */
function onProvider(provider: Provider) {
  const setting = providers[provider];
  let server: StartedServer | undefined;
  let standIn: StandIn | undefined;
  if (provider === 'neshan') {
    // The describe's tests run one after another in one worker: one neshan server for them all.
    test.describe.configure({ mode: 'default' });
    test.use({ baseURL: async ({ neshanServer }, use) => use(neshanServer.baseURL) });
    test.beforeEach(({ neshanServer }) => {
      server = neshanServer;
    });
  }
  test.beforeEach(async ({ page }) => {
    standIn = await mapStandIn(page, setting.hosts);
  });
  test.afterEach(() => {
    expect(standIn!.escaped, 'requests that left the machine').toEqual([]);
  });
  return {
    leafletChunks: setting.leafletChunks,
    /** Distinct base-map tiles the stand-in answered. */
    tilesAnswered: () => pathsOn(standIn!, setting.tileHosts).size,
    registration: (name: string): Promise<RegistrationRow> =>
      server ? withDatabaseOf(server, () => theRegistration(name)) : theRegistration(name),
    screenshot: async (page: Page, testInfo: TestInfo) => {
      if (setting.screenshot) await screenshot(page, testInfo, setting.screenshot);
    },
  };
}

for (const provider of ['osm', 'neshan'] as const) {
  test.describe(`map (${provider})`, () => {
    const setup = onProvider(provider);

    test('province then city fly the map, a drag and the arrow keys move it, and the posted coordinates follow', async ({
      page,
    }, testInfo) => {
      const pharmacy = samplePharmacy();
      await page.goto('/welcome?tier=2');
      await press(page, step('welcome').buttons!.next!);
      await fillPharmacyInfo(page, pharmacy);
      await press(page, step('pharmacy-info').buttons!.next!);
      await expect(page).toHaveURL(/\/location$/);

      const map = mapRegion(page);
      await expect(map).toBeVisible();
      // The marker sits at the centre of the map.
      await expect(page.getByRole('img', { name: fa.widgets.map.markerAlt })).toBeVisible();
      // The map says what it is and where it is (the coordinates under it).
      await expect(map).toHaveAccessibleDescription(/.+/);

      // Province: the map flies to it (1.5 s) and the coordinates follow.
      await choose(page, title('location', 'selectedState'), sampleLocation.province);
      await expectMapAt(page, province.latitude, province.longitude);

      // City: flies on to the city.
      await choose(page, title('location', 'cityId'), sampleLocation.city);
      await expectMapAt(page, city.latitude, city.longitude);
      const atCity = await shownCoordinates(page);
      await setup.screenshot(page, testInfo);

      // A drag of the map (finger on the phone, mouse on the desktop): dragging towards the right shows
      // land further west (longitude decreases), dragging down shows land further north (latitude increases).
      await dragMap(page, 90, 70);
      await expect.poll(async () => (await shownCoordinates(page)).longitude).toBeLessThan(atCity.longitude - 0.001);
      const dragged = await settledCoordinates(page);
      expect(dragged.latitude).toBeGreaterThan(atCity.latitude + 0.001);

      // The keyboard: focus the map and press an arrow key.
      await map.focus();
      await page.keyboard.press('ArrowUp');
      await expect.poll(async () => (await shownCoordinates(page)).latitude).toBeGreaterThan(dragged.latitude + 0.001);
      const final = await settledCoordinates(page);

      // A reload restores the saved point from the draft.
      await page.reload();
      await expect(map).toBeVisible();
      await expectMapAt(page, final.latitude, final.longitude);

      // The tiles were asked for and answered locally.
      expect(setup.tilesAnswered()).toBeGreaterThan(0);

      await field(page, title('location', 'address')).fill(sampleLocation.address);
      await press(page, step('location').buttons!.next!);
      await expect(page).toHaveURL(/\/manager$/);
      await fillManager(page, sampleManager);
      await answerCaptcha(page, true);
      await acceptTerms(page);
      await press(page, step('manager').buttons!.submit!);
      await expect(page.getByRole('heading', { name: fa.registration.successHeading })).toBeVisible();

      const row = await setup.registration(pharmacy.name);
      expect(row.latitude).toBeCloseTo(final.latitude, 4);
      expect(row.longitude).toBeCloseTo(final.longitude, 4);
      expect(payloadOf(row).latitude).toBeCloseTo(final.latitude, 4);
      // Moved away from the city centre by the drag and the key.
      expect(Math.abs(row.latitude - city.latitude)).toBeGreaterThan(0.001);
    });

    test('«موقعیت من» centres the map on the browser position', async ({ page }) => {
      const shiraz = { latitude: 29.6036, longitude: 52.5388 };
      await page.context().grantPermissions(['geolocation']);
      await page.context().setGeolocation(shiraz);
      await page.goto('/pharmacy-info');
      await fillPharmacyInfo(page, samplePharmacy());
      await press(page, step('pharmacy-info').buttons!.next!);
      await expect(page).toHaveURL(/\/location$/);
      await expect(mapRegion(page)).toBeVisible();
      await press(page, fa.widgets.map.myLocation);
      await expect(page.getByText(fa.widgets.map.geoFound)).toBeVisible();
      await expectMapAt(page, shiraz.latitude, shiraz.longitude);
    });

    test('the city is searched and picked with the keyboard, and a new province clears it', async ({ page }) => {
      await page.goto('/pharmacy-info');
      await fillPharmacyInfo(page, samplePharmacy());
      await press(page, step('pharmacy-info').buttons!.next!);
      await expect(page).toHaveURL(/\/location$/);

      const cityBox = page.getByRole('combobox', { name: labelRe(title('location', 'cityId')) });
      // No province yet: the city cannot be chosen, and the field says why (to screen readers too).
      await expect(cityBox).toBeDisabled();
      await expect(cityBox).toHaveAttribute('placeholder', fa.widgets.locations.cityAfterProvince);
      await expect(cityBox).toHaveAccessibleDescription(fa.widgets.locations.cityNeedsProvince);

      await choose(page, title('location', 'selectedState'), sampleLocation.province);
      await expect(cityBox).toBeEnabled();
      await cityBox.focus();
      // ↓ opens the list: only cities of the chosen province (Isfahan's, not Tehran's).
      await page.keyboard.press('ArrowDown');
      await expect(cityBox).toHaveAttribute('aria-expanded', 'true');
      const listbox = page.getByRole('listbox', { name: labelRe(title('location', 'cityId')) });
      await expect(listbox.getByRole('option', { name: sampleLocation.city, exact: true })).toHaveCount(1);
      await expect(listbox.getByRole('option', { name: 'اسلامشهر', exact: true })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(cityBox).toHaveAttribute('aria-expanded', 'false');
      // Typing filters; ↓ and Enter pick.
      await page.keyboard.type('کاش');
      await expect(listbox.getByRole('option')).toHaveCount(1);
      await page.keyboard.press('ArrowDown');
      await expect(cityBox).toHaveAttribute('aria-activedescendant', /.+/);
      await page.keyboard.press('Enter');
      await expect(cityBox).toHaveValue(sampleLocation.city);
      await expect(cityBox).toHaveAttribute('aria-expanded', 'false');
      await expectMapAt(page, sampleLocation.cityLatitude, sampleLocation.cityLongitude);

      // Another province: the city of Isfahan is cleared.
      await choose(page, title('location', 'selectedState'), 'فارس');
      await expect(cityBox).toHaveValue('');
    });

    test('«ثبت و ادامه» pressed at once after picking the city keeps the city, not where the map was', async ({
      page,
    }) => {
      await page.goto('/pharmacy-info');
      await fillPharmacyInfo(page, samplePharmacy());
      await press(page, step('pharmacy-info').buttons!.next!);
      await expect(page).toHaveURL(/\/location$/);
      await field(page, title('location', 'address')).fill(sampleLocation.address);
      await choose(page, title('location', 'selectedState'), sampleLocation.province);
      await choose(page, title('location', 'cityId'), sampleLocation.city);
      // No waiting for the 1.5 s flight: a quick manager goes on straight away.
      await press(page, step('location').buttons!.next!);
      await expect(page).toHaveURL(/\/manager$/);
      await press(page, step('manager').buttons!.back!);
      await expect(page).toHaveURL(/\/location$/);
      // The saved point is restored: it must be the city's.
      await expectMapAt(page, sampleLocation.cityLatitude, sampleLocation.cityLongitude);
    });

    test('a province and city picked while the map is still loading are where the map opens, and what is posted', async ({
      page,
    }) => {
      // Leaflet's chunk is held back until the city is picked, as on a slow line.
      const release = await holdRequests(page, setup.leafletChunks);
      await page.goto('/pharmacy-info');
      await fillPharmacyInfo(page, samplePharmacy());
      await press(page, step('pharmacy-info').buttons!.next!);
      await expect(page).toHaveURL(/\/location$/);
      await choose(page, title('location', 'selectedState'), sampleLocation.province);
      await choose(page, title('location', 'cityId'), sampleLocation.city);
      await field(page, title('location', 'address')).fill(sampleLocation.address);
      await expect(mapRegion(page)).toHaveCount(0);

      release();
      await expect(mapRegion(page)).toBeVisible();
      // Not the configured centre (Tehran): the city picked meanwhile.
      await expectMapAt(page, city.latitude, city.longitude);
      await press(page, step('location').buttons!.next!);
      await expect(page).toHaveURL(/\/manager$/);
      await press(page, step('manager').buttons!.back!);
      await expectMapAt(page, city.latitude, city.longitude);
    });

    test('picking کیش flies the map to Kish island, and a town is found however its name is typed', async ({
      page,
    }) => {
      await page.goto('/pharmacy-info');
      await fillPharmacyInfo(page, samplePharmacy());
      await press(page, step('pharmacy-info').buttons!.next!);
      await expect(page).toHaveURL(/\/location$/);
      await expect(mapRegion(page)).toBeVisible();

      await choose(page, title('location', 'selectedState'), 'هرمزگان');
      await choose(page, title('location', 'cityId'), 'کیش');
      // Kish island is about 26.53° N, 53.98° E; Bandar Lengeh, where the map used to go, is 90 km off.
      const kish = { latitude: 26.53, longitude: 53.98 };
      await expect
        .poll(
          async () => {
            const shown = await shownCoordinates(page);
            return distanceKm(shown.latitude, shown.longitude, kish.latitude, kish.longitude);
          },
          { message: 'the map shows Kish island', timeout: 10_000 },
        )
        .toBeLessThan(3);

      const cityBox = page.getByRole('combobox', { name: labelRe(title('location', 'cityId')) });
      const listbox = page.getByRole('listbox', { name: labelRe(title('location', 'cityId')) });
      // Without the ZWNJ and with ی for ئ: «قائمشهر» finds قائم‌شهر.
      await choose(page, title('location', 'selectedState'), 'مازندران');
      await cityBox.fill('قائمشهر');
      await expect(listbox.getByRole('option', { name: 'قائم‌شهر', exact: true })).toHaveCount(1);
      // Without «بندر»: «کنگان» finds بندرکنگان.
      await choose(page, title('location', 'selectedState'), 'بوشهر');
      await cityBox.fill('کنگان');
      await expect(listbox.getByRole('option', { name: 'بندرکنگان', exact: true })).toHaveCount(1);
    });
  });
}
