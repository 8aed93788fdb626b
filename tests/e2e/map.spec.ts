import {
  acceptTerms,
  answerCaptcha,
  button,
  choose,
  expect,
  fa,
  field,
  fillManager,
  fillPharmacyInfo,
  mapRegion,
  payloadOf,
  sampleLocation,
  sampleManager,
  samplePharmacy,
  shownCoordinates,
  step,
  test,
  theRegistration,
  title,
} from './helpers.js';

// Province اصفهان (id 4) and its city کاشان (id 203) in src/server/locations/iran-locations.json.
const province = { latitude: 32.65, longitude: 51.67 };
const city = { latitude: 33.985036, longitude: 51.409963 };

test('province then city fly the map, a drag and the arrow keys move it, and the posted coordinates follow', async ({
  page,
  problems,
}) => {
  const pharmacy = samplePharmacy();
  await page.goto('/welcome?tier=2');
  await button(page, step('welcome').buttons!.next!).click();
  await fillPharmacyInfo(page, pharmacy);
  await button(page, step('pharmacy-info').buttons!.next!).click();
  await expect(page).toHaveURL(/\/location$/);

  const map = mapRegion(page);
  await expect(map).toBeVisible();
  // The marker sits at the centre of the map.
  await expect(page.getByRole('img', { name: fa.widgets.map.markerAlt })).toBeVisible();

  // Province: the map flies to it (1.5 s) and the coordinates follow.
  await choose(page, title('location', 'selectedState'), sampleLocation.province);
  await expect.poll(async () => (await shownCoordinates(page)).latitude, { timeout: 10_000 }).toBeCloseTo(province.latitude, 2);
  expect((await shownCoordinates(page)).longitude).toBeCloseTo(province.longitude, 2);

  // City: flies on to the city.
  await choose(page, title('location', 'cityId'), sampleLocation.city);
  await expect.poll(async () => (await shownCoordinates(page)).latitude, { timeout: 10_000 }).toBeCloseTo(city.latitude, 2);
  expect((await shownCoordinates(page)).longitude).toBeCloseTo(city.longitude, 2);
  // Wait for the fly animation to end before dragging.
  await page.waitForTimeout(300);
  const atCity = await shownCoordinates(page);

  // A mouse drag of the map: dragging to the right shows land further west (longitude decreases),
  // dragging down shows land further north (latitude increases).
  const box = (await map.boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let stepIndex = 1; stepIndex <= 10; stepIndex += 1) {
    await page.mouse.move(start.x + stepIndex * 8, start.y + stepIndex * 6);
  }
  await page.mouse.up();
  await expect.poll(async () => (await shownCoordinates(page)).longitude).toBeLessThan(atCity.longitude - 0.001);
  const dragged = await shownCoordinates(page);
  expect(dragged.latitude).toBeGreaterThan(atCity.latitude + 0.001);

  // The keyboard: focus the map and press an arrow key.
  await map.focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await shownCoordinates(page)).latitude).toBeGreaterThan(dragged.latitude + 0.001);
  await page.waitForTimeout(400);
  const final = await shownCoordinates(page);

  // The tiles were asked for and answered locally.
  expect(problems.tileRequests).toBeGreaterThan(0);

  await field(page, title('location', 'address')).fill(sampleLocation.address);
  await button(page, step('location').buttons!.next!).click();
  await expect(page).toHaveURL(/\/manager$/);
  await fillManager(page, sampleManager);
  await answerCaptcha(page, true);
  await acceptTerms(page);
  await button(page, step('manager').buttons!.submit!).click();
  await expect(page.getByRole('heading', { name: fa.registration.successHeading })).toBeVisible();

  const row = await theRegistration(pharmacy.name);
  expect(row.latitude).toBeCloseTo(final.latitude, 4);
  expect(row.longitude).toBeCloseTo(final.longitude, 4);
  expect(payloadOf(row).latitude).toBeCloseTo(final.latitude, 4);
  // Moved away from the city centre by the drag and the key.
  expect(Math.abs(row.latitude - city.latitude)).toBeGreaterThan(0.001);
});
