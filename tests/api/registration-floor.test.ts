import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDefinition, readDefinitionFolder } from '../../src/server/definition/definition.js';
import { fromRoot } from '../../src/server/paths.js';
import { countRegistrations } from '../../src/server/registration/registration.repository.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { fill } from '../../src/shared/text/persian.js';
import { hostileFloor, type DefinitionFilesJson } from '../fixtures/hostile-floor.js';
import { makeLiveUnchecked } from './definition-helpers.js';
import {
  type DatabaseTarget,
  databaseTargets,
  openSession,
  postRegistration,
  signInStaff,
  solvedCaptcha,
  testApp,
  validRegistration,
} from './helpers.js';
import { validAnswers } from '../fixtures/registration.js';
import { addStaffAccount } from './staff-account.js';

const targets = await databaseTargets();
const PASSWORD = 'a long enough password';
/** Tehran, in province 8 of tests/fixtures/locations.json; the valid registration's province is 4. */
const CITY_OF_ANOTHER_PROVINCE = 301;

/** Every floor removal of the corpus at once, and the province posted beside the city (which the shipped form keeps to itself). */
function belowFloorFiles(): DefinitionFilesJson {
  const files = structuredClone<DefinitionFilesJson>(readDefinitionFolder(fromRoot('schemas')).files);
  for (const removal of hostileFloor) removal.edit(files);
  files['wizard.json'].registration.fields['location/selectedState'] = '/selectedState';
  files['registration.schema.json'].properties.selectedState = {
    $ref: 'steps/location.schema.json#/properties/selectedState',
  };
  return files;
}

interface Breach {
  name: string;
  /** The posted registration, from the valid one. */
  change: (body: Record<string, any>) => void;
  pointer: string;
  /** The floor's own message, which a version below the floor gets (the shipped version's own rule speaks first). */
  message: string;
  /** Only a version that posts the province can name another one (the shipped one posts the city alone). */
  postsProvince?: true;
}

const adminData = (body: Record<string, any>) => body.adminData as Record<string, unknown>;

const breaches: Breach[] = [
  {
    name: 'a national code with a wrong check digit',
    change: (body) => void (adminData(body).nationalCode = '1234567890'),
    pointer: '/adminData/nationalCode',
    message: fa.floor.fields.national_code,
  },
  {
    name: 'a foreign mobile',
    change: (body) => void (adminData(body).mobileNumber = '+1 555 0100 x1'),
    pointer: '/adminData/mobileNumber',
    message: fa.floor.fields.mobile_number,
  },
  {
    name: 'no address',
    change: (body) => void delete body.address,
    pointer: '/address',
    message: fill(fa.floor.fields.address, { max: 1000 }),
  },
  {
    name: 'a point outside Iran',
    change: (body) => Object.assign(body, { latitude: 48.85, longitude: 2.35 }),
    pointer: '/latitude',
    message: fa.floor.fields.latitude,
  },
  {
    name: 'a city of another province',
    change: (body) => void (body.cityId = CITY_OF_ANOTHER_PROVINCE),
    pointer: '/cityId',
    message: fa.floor.cityOutsideProvince,
    postsProvince: true,
  },
  {
    name: 'an unknown plan',
    change: (body) => void (body.tier = 99),
    pointer: '/tier',
    message: fa.floor.fields.tier,
  },
];

describe.each(targets)('the floor under what is stored, on $name', (target: DatabaseTarget) => {
  let app: FastifyInstance;
  let shippedVersion: string;
  let lowVersion: string;

  async function outboxSize(): Promise<number> {
    const row = await app.database.db
      .selectFrom('sms_outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async function post(version: string, breach: Breach | undefined, withProvince: boolean) {
    const session = await openSession(app);
    const body: Record<string, any> = validRegistration(await solvedCaptcha(app, session));
    if (withProvince) body.selectedState = validAnswers.location.selectedState;
    breach?.change(body);
    return postRegistration(app, session, body, { 'x-definition-version': version });
  }

  function expectRefused(response: LightMyRequestResponse, breach: Breach, floorMessage: boolean): void {
    expect([breach.name, response.statusCode]).toEqual([breach.name, 400]);
    const { error } = response.json<{ error: { code: string; fields?: Record<string, string> } }>();
    expect(error.code).toBe('validation');
    expect(Object.keys(error.fields ?? {})).toContain(breach.pointer);
    expect(error.fields?.[breach.pointer]).toMatch(/[\u0600-\u06FF]/);
    if (floorMessage) expect(error.fields?.[breach.pointer]).toBe(breach.message);
  }

  /** Each breach in turn, then all at once: 400 with a field message, nothing stored, no SMS queued. */
  async function expectAllRefused(version: string, withProvince: boolean, floorMessage: boolean): Promise<void> {
    const tried = breaches.filter((breach) => withProvince || !breach.postsProvince);
    for (const breach of tried) expectRefused(await post(version, breach, withProvince), breach, floorMessage);
    const together = await Promise.all(tried.map((breach) => post(version, breach, withProvince)));
    together.forEach((response, index) => expectRefused(response, tried[index], floorMessage));
    expect(await countRegistrations(app.database.db)).toBe(0);
    expect(await outboxSize()).toBe(0);
  }

  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url });
    await addStaffAccount(app.database.db, 'editor@example.ir', 'editor', PASSWORD, 0);
    shippedVersion = app.definitions.live().version;
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('refuses to publish a draft below the floor, with the problem in Persian naming field and column', async () => {
    const editor = await signInStaff(app, 'editor@example.ir', PASSWORD);
    const draft = (await app.inject({ url: '/api/staff/definition/draft', headers: editor.headers })).json<{
      revision: number;
      files: DefinitionFilesJson;
    }>();
    let revision = draft.revision;
    for (const removal of hostileFloor) {
      const files = structuredClone(draft.files);
      removal.edit(files);
      const saved = await app.inject({
        method: 'PUT',
        url: '/api/staff/definition/draft',
        headers: editor.headers,
        payload: { revision, files },
      });
      expect(saved.statusCode).toBe(200);
      revision = saved.json<{ revision: number }>().revision;
      const floor = saved
        .json<{ problems: Array<{ code: string; message: string }> }>()
        .problems.filter((problem) => problem.code === 'below-floor');
      expect([removal.name, floor.length > 0]).toEqual([removal.name, true]);
      expect(floor.some((problem) => problem.message.includes(`«${removal.field}»`))).toBe(true);
      expect(floor.every((problem) => /ستون \w+/.test(problem.message) && problem.message.includes('نگه دارید'))).toBe(
        true,
      );
      const refused = await app.inject({
        method: 'POST',
        url: '/api/staff/definition/publish',
        headers: editor.headers,
        payload: { note: removal.name },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'definition_problems',
        message: fa.errors.definition_problems,
      });
      expect(app.definitions.live().version).toBe(shippedVersion);
    }
  });

  it('refuses every breach under the shipped version, with nothing stored and no SMS queued', async () => {
    await expectAllRefused(shippedVersion, false, false);
  });

  it('holds a version below the floor that got into the database anyway to the floor', async () => {
    // Bypasses the checker: the version is written and made live through the repository itself.
    const files = belowFloorFiles();
    const definition = await buildDefinition(files);
    lowVersion = definition.version;
    const texts = Object.fromEntries(Object.entries(files).map(([path, json]) => [path, JSON.stringify(json)]));
    expect(await makeLiveUnchecked(app, texts)).toBe(lowVersion);
    const db = app.database.db;
    // A process checks a stored version again when it loads it: this one is never served…
    await app.definitions.refresh();
    expect(app.definitions.live().version).toBe(shippedVersion);
    // …and were it accepted all the same (a check that missed it), the floor still holds every registration.
    const store = app.definitions;
    const accepted = store.accepted.bind(store);
    Object.assign(store, { accepted: (version: string) => (version === lowVersion ? definition : accepted(version)) });

    await expectAllRefused(lowVersion, true, true);

    // The version itself works: a registration that keeps to the floor is stored, with its receipt.
    const kept = await post(lowVersion, undefined, true);
    expect(kept.statusCode).toBe(200);
    expect(await countRegistrations(db)).toBe(1);
    expect(await outboxSize()).toBe(1);
  });
});
