/**
 * The walks every engine takes, written once against the Engine of engine.ts: the wizard from
 * /welcome to the stored row (every step, back and forward, province and city, the rules dialog,
 * the captcha), and the location step's map. After every step the page must be right to left and
 * free of page errors. The texts and the sample registration are the Chromium suite's
 * (tests/e2e/wizard-facts.ts); a test's own pharmacy name finds its row in the run's database.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { projectRoot } from '../e2e/server.js';
import {
  fa,
  optionTitle,
  questionOnPage,
  registrationsNamed,
  sampleLocation,
  sampleManager,
  samplePharmacy,
  step,
  tierTitle,
  title,
  toAscii,
  wizard,
  type PharmacyInfo,
  type RegistrationRow,
} from '../e2e/wizard-facts.js';
import {
  captchaTextInPage,
  directionInPage,
  hydratedInPage,
  optionOfferedInPage,
  pageTextInPage,
  shownValueInPage,
  type Engine,
  type Handle,
  type Query,
} from './engine.js';

const WAIT_MS = 15_000;

/** Polls `read` until it gives a value `accept` takes, or fails with `what` after WAIT_MS. */
async function until<T>(what: string, read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (accept(last)) return last;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last)} after ${WAIT_MS / 1000} s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function element(engine: Engine, query: Query): Promise<Handle> {
  const found = await explained(
    engine,
    until(`${query.kind} «${query.name}» on the page`, () => engine.find(query), Boolean),
  );
  return found!;
}

/** The viewport as a PNG in test-results/engines/, for a failure to show; returns where. */
async function keepScreenshot(engine: Engine): Promise<string> {
  try {
    const folder = join(projectRoot, 'test-results', 'engines');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${engine.name}-${new Date().toISOString().replace(/[:.]/g, '-')}.png`);
    writeFileSync(file, await engine.screenshot());
    return `screenshot ${file}`;
  } catch (error) {
    return `no screenshot: ${(error as Error).message}`;
  }
}

/** A failed wait says what the page showed instead. */
async function explained<T>(engine: Engine, waiting: Promise<T>): Promise<T> {
  try {
    return await waiting;
  } catch (error) {
    const shown = await engine.run(pageTextInPage).catch(() => '(unreadable)');
    const where = await engine.location().catch(() => '?');
    const picture = await keepScreenshot(engine);
    const problems = await engine.problems().catch(() => []);
    throw new Error(
      `${(error as Error).message}\nThe page (${where}, ${picture}) shows:\n${shown.slice(0, 1500)}\nProblems: ${problems.join('\n') || 'none'}`,
      {
        cause: error,
      },
    );
  }
}

const control = (engine: Engine, label: string) => element(engine, { kind: 'control', name: label });

/**
 * A manager's pause before a step's button. Firefox only: a press within a few hundred ms of the
 * last change (the typed text handed over on blur, a checkbox) is sometimes ignored: the form
 * receives the submit and neither moves on nor shows a message. Reported; until it is understood
 * the walk pauses as a person would, longer than the typing pause (300 ms, use-typed-value.ts).
 */
const HUMAN_PAUSE_MS = 400;

async function press(engine: Engine, name: string): Promise<void> {
  await new Promise((done) => setTimeout(done, HUMAN_PAUSE_MS));
  await engine.click(await element(engine, { kind: 'button', name }));
}

async function shown(engine: Engine, label: string, kind: Query['kind'] = 'control'): Promise<string | boolean> {
  return engine.run(shownValueInPage, await element(engine, { kind, name: label }));
}

async function expectShown(engine: Engine, label: string, value: string | boolean): Promise<void> {
  const kind = typeof value === 'boolean' ? 'checkbox' : 'control';
  await until(
    `«${label}» shows ${JSON.stringify(value)}`,
    () => shown(engine, label, kind),
    (now) => now === value,
  );
}

async function at(engine: Engine, path: RegExp): Promise<void> {
  await explained(
    engine,
    until(
      `the address matches ${path}`,
      () => engine.location(),
      (now) => path.test(now),
    ),
  );
}

/** Right to left, Persian, and no page error so far: checked on every step. */
async function expectRtlAndNoProblems(engine: Engine, where: string): Promise<void> {
  const direction = await engine.run(directionInPage);
  expect(direction.dir, `<html dir> on ${where}`).toBe('rtl');
  expect(direction.lang, `<html lang> on ${where}`).toBe('fa');
  expect(direction.notRtl, `elements not right to left on ${where}`).toEqual([]);
  expect(await engine.problems(), `page errors, console errors or CSP violations on ${where}`).toEqual([]);
}

/**
 * Arrived on a step: its address, its heading, and React owns the page (the pre-rendered form is
 * locked until then, and a press of a link before it is a full page load).
 */
async function onStep(engine: Engine, id: string, path: RegExp): Promise<void> {
  await at(engine, path);
  await element(engine, { kind: 'heading', name: step(id).title });
  await explained(
    engine,
    until('the page hydrated (#root[data-hydrated])', () => engine.run(hydratedInPage), Boolean),
  );
  await expectRtlAndNoProblems(engine, step(id).route);
}

/** The coordinates the map shows under it as text. */
async function shownCoordinates(engine: Engine): Promise<{ latitude: number; longitude: number } | undefined> {
  const [before, between] = fa.widgets.map.coordinates.split(/\{latitude\}|\{longitude\}/);
  const number = '(-?[0-9]+(?:\\.[0-9]+)?)';
  const text = toAscii(await engine.run(pageTextInPage));
  const match = new RegExp(`${before.trim()}\\s*${number}\\s*${between.trim()}\\s*${number}`).exec(text);
  return match ? { latitude: Number(match[1]), longitude: Number(match[2]) } : undefined;
}

async function expectMapAt(engine: Engine, latitude: number, longitude: number): Promise<void> {
  const distance = (shown: { latitude: number; longitude: number } | undefined) =>
    shown ? Math.max(Math.abs(shown.latitude - latitude), Math.abs(shown.longitude - longitude)) : Infinity;
  await until(
    `the map at ${latitude}, ${longitude}`,
    () => shownCoordinates(engine),
    (now) => distance(now) < 0.001,
  );
}

/** Picks an option of a native select once its list is in (provinces come from Utility/Locations). */
async function choose(engine: Engine, label: string, option: string): Promise<void> {
  const select = await control(engine, label);
  await explained(
    engine,
    until(`«${label}» offers «${option}»`, () => engine.run(optionOfferedInPage, select, option), Boolean),
  );
  await engine.select(select, option);
  await expectShown(engine, label, option);
}

/** The city combobox: the name typed, then its option clicked. */
async function chooseCity(engine: Engine, city: string): Promise<void> {
  const box = await control(engine, title('location', 'cityId'));
  await until(
    'the city box enabled',
    () => engine.run((input: Element) => !(input as HTMLInputElement).disabled, box),
    Boolean,
  );
  await engine.type(box, city);
  await engine.click(await element(engine, { kind: 'option', name: city }));
  await expectShown(engine, title('location', 'cityId'), city);
}

async function fillPharmacyInfo(engine: Engine, pharmacy: PharmacyInfo): Promise<void> {
  await engine.type(await control(engine, title('pharmacy-info', 'name')), pharmacy.name);
  await choose(engine, title('pharmacy-info', 'type'), optionTitle('pharmacy-info', 'type', pharmacy.type));
  await choose(engine, title('pharmacy-info', 'service'), optionTitle('pharmacy-info', 'service', pharmacy.service));
  await engine.click(await element(engine, { kind: 'checkbox', name: title('pharmacy-info', 'hasDavajoo') }));
  await expectShown(engine, title('pharmacy-info', 'hasDavajoo'), pharmacy.hasDavajoo);
}

async function fillLocation(engine: Engine): Promise<void> {
  await choose(engine, title('location', 'selectedState'), sampleLocation.province);
  await chooseCity(engine, sampleLocation.city);
  await engine.type(await control(engine, title('location', 'address')), sampleLocation.address);
  await expectMapAt(engine, sampleLocation.cityLatitude, sampleLocation.cityLongitude);
}

async function fillManager(engine: Engine): Promise<void> {
  await engine.type(await control(engine, title('manager', 'firstName')), sampleManager.firstName);
  await engine.type(await control(engine, title('manager', 'lastName')), sampleManager.lastName);
  await engine.type(await control(engine, title('manager', 'nationalCode')), sampleManager.nationalCodeTyped);
  await engine.type(await control(engine, title('manager', 'mobileNumber')), sampleManager.mobileTyped);
}

/** Back from /manager to /pharmacy-info: every answer is shown again; then forward to /manager. */
async function backAndForward(engine: Engine, pharmacy: PharmacyInfo): Promise<void> {
  await press(engine, step('manager').buttons!.back!);
  await onStep(engine, 'location', /\/location$/);
  await expectShown(engine, title('location', 'selectedState'), sampleLocation.province);
  await expectShown(engine, title('location', 'cityId'), sampleLocation.city);
  await expectShown(engine, title('location', 'address'), sampleLocation.address);
  await expectMapAt(engine, sampleLocation.cityLatitude, sampleLocation.cityLongitude);

  await press(engine, step('location').buttons!.back!);
  await onStep(engine, 'pharmacy-info', /\/pharmacy-info(\?tier=\d+)?$/);
  await expectShown(engine, title('pharmacy-info', 'name'), pharmacy.name);
  await expectShown(engine, title('pharmacy-info', 'type'), optionTitle('pharmacy-info', 'type', pharmacy.type));
  await expectShown(engine, title('pharmacy-info', 'hasDavajoo'), true);

  await press(engine, step('pharmacy-info').buttons!.next!);
  await onStep(engine, 'location', /\/location$/);
  await press(engine, step('location').buttons!.next!);
  await onStep(engine, 'manager', /\/manager$/);
  await expectShown(engine, title('manager', 'firstName'), sampleManager.firstName);
  await until(
    'the national code kept',
    async () => toAscii(String(await shown(engine, title('manager', 'nationalCode')))),
    (now) => now === sampleManager.nationalCode,
  );
}

/** The rules open in a modal dialog with every article, right to left, and close again. */
async function readRules(engine: Engine): Promise<void> {
  await press(engine, fa.widgets.terms.rulesButton);
  const dialog = await element(engine, { kind: 'dialog', name: wizard.rules.title });
  const text = await engine.run((shown: Element) => (shown as HTMLElement).innerText, dialog);
  for (const article of wizard.rules.articles) expect(text, 'the rules dialog shows every article').toContain(article);
  await expectRtlAndNoProblems(engine, '/manager with the rules dialog open');
  await press(engine, fa.widgets.terms.close);
  await until(
    'the rules dialog closed',
    () => engine.find({ kind: 'dialog', name: wizard.rules.title }),
    (now) => !now,
  );
}

/** Reads the question, looks it up in the fixture bank and clicks the right option. */
async function answerCaptcha(engine: Engine): Promise<void> {
  const text = await until(
    'the captcha question',
    () => engine.run(captchaTextInPage),
    (now) => Boolean(now?.trim()),
  );
  const entry = questionOnPage(text!);
  await engine.click(await element(engine, { kind: 'radio', name: entry.options[entry.answer] }));
}

async function storedRow(name: string): Promise<RegistrationRow> {
  const rows = await until(
    `the registration «${name}» stored`,
    async () => registrationsNamed(name),
    (now) => now.length > 0,
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** The main walk: /welcome to /enter, back and forward on the way, and the row in the database. */
export async function mainWalk(engine: Engine): Promise<void> {
  const pharmacy = samplePharmacy();
  await engine.open('/welcome?tier=2');
  await onStep(engine, 'welcome', /\/welcome\?tier=2$/);
  expect(await engine.run(pageTextInPage)).toContain(tierTitle(2));
  await press(engine, step('welcome').buttons!.next!);

  await onStep(engine, 'pharmacy-info', /\/pharmacy-info(\?tier=\d+)?$/);
  await fillPharmacyInfo(engine, pharmacy);
  await press(engine, step('pharmacy-info').buttons!.next!);

  await onStep(engine, 'location', /\/location$/);
  await fillLocation(engine);
  await expectRtlAndNoProblems(engine, '/location, filled');
  await press(engine, step('location').buttons!.next!);

  await onStep(engine, 'manager', /\/manager$/);
  await fillManager(engine);
  await backAndForward(engine, pharmacy);
  await readRules(engine);
  await answerCaptcha(engine);
  await engine.click(await element(engine, { kind: 'checkbox', name: title('manager', 'acceptTerms') }));
  await expectRtlAndNoProblems(engine, '/manager, filled');
  await press(engine, step('manager').buttons!.submit!);

  await at(engine, /\/enter$/);
  await element(engine, { kind: 'heading', name: fa.registration.successHeading });
  await expectRtlAndNoProblems(engine, '/enter');
  const row = await storedRow(pharmacy.name);
  expect(toAscii(await engine.run(pageTextInPage)), 'the tracking code on /enter').toContain(row.tracking_code);
  expect(row).toMatchObject({
    status: 'new',
    tier: 2,
    type: pharmacy.type,
    service: pharmacy.service,
    has_davajoo: 1,
    province_id: sampleLocation.provinceId,
    city_id: sampleLocation.cityId,
    address: sampleLocation.address,
    first_name: sampleManager.firstName,
    last_name: sampleManager.lastName,
    national_code: sampleManager.nationalCode,
    mobile_number: sampleManager.mobile,
  });
  expect(row.latitude).toBeCloseTo(sampleLocation.cityLatitude, 3);
  expect(row.longitude).toBeCloseTo(sampleLocation.cityLongitude, 3);
}

/**
 * The location step: a city needs a province first and only that province's cities are offered;
 * the map draws its tiles, flies to the city, follows a mouse drag and the arrow keys; another
 * province clears the city.
 */
export async function locationStep(engine: Engine, tilesServed: () => Promise<number>): Promise<void> {
  await engine.open('/pharmacy-info');
  await onStep(engine, 'pharmacy-info', /\/pharmacy-info$/);
  await fillPharmacyInfo(engine, samplePharmacy());
  await press(engine, step('pharmacy-info').buttons!.next!);
  await onStep(engine, 'location', /\/location$/);
  const map = await element(engine, { kind: 'map', name: fa.widgets.map.label });
  const cityBox = await control(engine, title('location', 'cityId'));
  expect(await engine.run((input: Element) => (input as HTMLInputElement).disabled, cityBox)).toBe(true);

  await choose(engine, title('location', 'selectedState'), sampleLocation.province);
  await chooseCity(engine, sampleLocation.city);
  await expectMapAt(engine, sampleLocation.cityLatitude, sampleLocation.cityLongitude);
  await until('map tiles asked for', tilesServed, (count) => count > 0);

  // Dragging towards the right shows land further west; the up arrow moves the map north.
  const atCity = (await shownCoordinates(engine))!;
  await engine.drag(map, 90, 0);
  const dragged = await until(
    'the map follows the drag',
    () => shownCoordinates(engine),
    (now) => now!.longitude < atCity.longitude - 0.001,
  );
  await engine.click(map);
  await engine.press('ArrowUp');
  await until(
    'the map follows the up arrow',
    () => shownCoordinates(engine),
    (now) => now!.latitude > dragged!.latitude + 0.001,
  );
  await expectRtlAndNoProblems(engine, '/location, map moved');

  await choose(engine, title('location', 'selectedState'), 'فارس');
  await expectShown(engine, title('location', 'cityId'), '');
  await expectRtlAndNoProblems(engine, '/location, another province');
}
