import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findByTrackingCode } from '../../src/server/registration/registration.repository.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import {
  conditionalDefinition,
  HOSPITAL_SERVICE,
  hospitalNameMessages,
  NIGHT_TYPE,
  nightPharmacistMessages,
} from '../fixtures/conditional-definition.js';
import {
  databaseTargets,
  openSession,
  postRegistration,
  registerOnce,
  solvedCaptcha,
  testApp,
  validRegistration,
  type DatabaseTarget,
} from './helpers.js';

// One database (PostgreSQL schema) per suite: each suite drops its own when done.
const targets = await databaseTargets();
const stepTargets = await databaseTargets();

describe.each(targets.map((target) => [target.name, target] as const))(
  'a conditional field on %s',
  (_name, target: DatabaseTarget) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const url =
        target.name === 'sqlite' ? `sqlite:${join(mkdtempSync(join(tmpdir(), 'conditional-')), 'app.db')}` : target.url;
      app = await testApp({ SCHEMAS_DIR: conditionalDefinition(), DATABASE_URL: url });
    });
    afterAll(async () => {
      await app.close();
      await target.drop();
    });

    async function storedPayload(trackingCode: string): Promise<Record<string, unknown>> {
      const row = await findByTrackingCode(app.database.db, trackingCode);
      return JSON.parse(row!.payload) as Record<string, unknown>;
    }

    it('is refused with its own message when its condition holds and it is missing', async () => {
      const session = await openSession(app);
      const response = await postRegistration(
        app,
        session,
        validRegistration(await solvedCaptcha(app, session), { service: HOSPITAL_SERVICE }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation', fields: { '/hospitalName': hospitalNameMessages.required } },
      });
    });

    it('is checked by its own rules when its condition holds', async () => {
      const response = await registerOnce(app, { service: HOSPITAL_SERVICE, hospitalName: 'ب' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { fields: { '/hospitalName': hospitalNameMessages.minLength } } });
    });

    it('is normalised and stored when its condition holds', async () => {
      const response = await registerOnce(app, { service: HOSPITAL_SERVICE, hospitalName: '  بيمارستان امام  ' });
      expect(response.statusCode).toBe(200);
      const payload = await storedPayload(response.json<{ trackingCode: string }>().trackingCode);
      expect(payload).toMatchObject({ service: HOSPITAL_SERVICE, hospitalName: 'بیمارستان امام' });
    });

    it('is dropped, never stored, when its condition is false, whoever sends it', async () => {
      const response = await registerOnce(app, { service: 2, hospitalName: 'بیمارستان امام' });
      expect(response.statusCode).toBe(200);
      const payload = await storedPayload(response.json<{ trackingCode: string }>().trackingCode);
      expect(payload.service).toBe(2);
      expect(payload).not.toHaveProperty('hospitalName');
    });

    it('is dropped even when its value would break its rules, since it does not exist then', async () => {
      const response = await registerOnce(app, { service: 2, hospitalName: 12 });
      expect(response.statusCode).toBe(200);
      expect(await storedPayload(response.json<{ trackingCode: string }>().trackingCode)).not.toHaveProperty(
        'hospitalName',
      );
    });

    it('is not required when its condition is false', async () => {
      const response = await registerOnce(app, { service: 1 });
      expect(response.statusCode).toBe(200);
    });
  },
);

describe('the shipped definition', () => {
  it('still refuses hospitalName as an unknown field', async () => {
    const app = await testApp();
    try {
      const response = await registerOnce(app, { service: HOSPITAL_SERVICE, hospitalName: 'بیمارستان امام' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { fields: { '/hospitalName': expect.any(String) } } });
    } finally {
      await app.close();
    }
  });

  it('refuses a value nested deeper than a deep copy could follow with a 400, not a server error', async () => {
    const app = await testApp({ SCHEMAS_DIR: conditionalDefinition() });
    try {
      const session = await openSession(app);
      // Written as text: serialising so deep a value would overflow the test's own stack.
      const deep = `${'['.repeat(7000)}0${']'.repeat(7000)}`;
      const body = JSON.stringify(
        validRegistration(await solvedCaptcha(app, session), { service: 2, extra: 0 }),
      ).replace('"extra":0', `"extra":${deep}`);
      const response = await postRegistration(app, session, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation', fields: { '/extra': expect.any(String) } },
      });
    } finally {
      await app.close();
    }
  });
});

describe.each(stepTargets.map((target) => [target.name, target] as const))(
  'a conditional step (wizard.json "when") on %s',
  (_name, target: DatabaseTarget) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const url = target.name === 'sqlite' ? 'sqlite::memory:' : target.url;
      app = await testApp({ SCHEMAS_DIR: conditionalDefinition(), DATABASE_URL: url });
    });
    afterAll(async () => {
      await app.close();
      await target.drop();
    });

    it("requires the active step's fields, with their own message, though the registration schema does not", async () => {
      const response = await registerOnce(app, { type: NIGHT_TYPE });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation', fields: { '/nightPharmacist': nightPharmacistMessages.required } },
      });
    });

    it('stores the fields of an active step', async () => {
      const response = await registerOnce(app, { type: NIGHT_TYPE, nightPharmacist: 'دکتر سارا احمدی' });
      expect(response.statusCode).toBe(200);
      const row = await findByTrackingCode(app.database.db, response.json<{ trackingCode: string }>().trackingCode);
      expect(JSON.parse(row!.payload)).toMatchObject({ type: NIGHT_TYPE, nightPharmacist: 'دکتر سارا احمدی' });
    });

    it('refuses a field of a skipped step with a Persian message, and stores nothing', async () => {
      const response = await registerOnce(app, { type: 1, nightPharmacist: 'دکتر سارا احمدی' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation', fields: { '/nightPharmacist': fa.validation.skippedStep } },
      });
    });

    it('does not ask the fields of a skipped step', async () => {
      expect((await registerOnce(app, { type: 1 })).statusCode).toBe(200);
    });
  },
);
