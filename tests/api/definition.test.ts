import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../src/server/paths.js';
import { findByTrackingCode } from '../../src/server/registration/registration.repository.js';
import { openSession, postRegistration, registerOnce, solvedCaptcha, testApp, validRegistration } from './helpers.js';

/** A copy of schemas/ where staff added a required "licence number" (digits only) to pharmacy-info. */
function editedSchemas(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  cpSync(fromRoot('schemas'), dir, { recursive: true });
  const stepFile = join(dir, 'steps/pharmacy-info.schema.json');
  const step = JSON.parse(readFileSync(stepFile, 'utf8')) as {
    required: string[];
    properties: Record<string, unknown>;
  };
  step.properties.licenceNumber = {
    type: 'string',
    title: 'شماره پروانه',
    pattern: '^[0-9]{4,10}$',
    normalize: 'digits',
    errorMessage: { required: 'شماره پروانه را بنویسید.', pattern: 'شماره پروانه فقط رقم است.' },
  };
  step.required.push('licenceNumber');
  writeFileSync(stepFile, JSON.stringify(step));
  // A stored version is checked again when a server loads it: the edit is whole, as the checker asks.
  const uiFile = join(dir, 'steps/pharmacy-info.ui.json');
  const ui = JSON.parse(readFileSync(uiFile, 'utf8')) as { 'ui:order': string[] };
  ui['ui:order'].push('licenceNumber');
  writeFileSync(uiFile, JSON.stringify(ui));
  const regFile = join(dir, 'registration.schema.json');
  const registration = JSON.parse(readFileSync(regFile, 'utf8')) as {
    required: string[];
    properties: Record<string, unknown>;
  };
  registration.properties.licenceNumber = { $ref: 'steps/pharmacy-info.schema.json#/properties/licenceNumber' };
  registration.required.push('licenceNumber');
  writeFileSync(regFile, JSON.stringify(registration));
  return dir;
}

describe('a field added in schemas/ alone', () => {
  let app: FastifyInstance;
  let databaseFile: string;
  let stock: FastifyInstance;
  beforeAll(async () => {
    databaseFile = join(mkdtempSync(join(tmpdir(), 'edited-')), 'app.db');
    app = await testApp({ SCHEMAS_DIR: editedSchemas(), DATABASE_URL: `sqlite:${databaseFile}` });
    stock = await testApp();
  });
  afterAll(async () => {
    await app.close();
    await stock.close();
  });

  it('changes the definition version', () => {
    expect(app.definitions.live().version).not.toBe(stock.definitions.live().version);
  });

  it('is required by the server, with its own Persian message', async () => {
    const session = await openSession(app);
    const missing = await postRegistration(app, session, validRegistration(await solvedCaptcha(app, session)));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: { code: 'validation', fields: { '/licenceNumber': 'شماره پروانه را بنویسید.' } },
    });
    const letters = await postRegistration(
      app,
      session,
      validRegistration(await solvedCaptcha(app, session), { licenceNumber: 'abc' }),
    );
    expect(letters.json()).toMatchObject({ error: { fields: { '/licenceNumber': 'شماره پروانه فقط رقم است.' } } });
  });

  it('is normalised, stored in the payload, and appears in the export as its own column', async () => {
    const response = await registerOnce(app, { licenceNumber: '۱۲۳۴۵' });
    expect(response.statusCode).toBe(200);
    const row = await findByTrackingCode(app.database.db, response.json<{ trackingCode: string }>().trackingCode);
    expect(JSON.parse(row!.payload)).toMatchObject({ licenceNumber: '12345' });
    const csv = spawnSync(
      process.execPath,
      ['--import', 'tsx', fromRoot('src/server/cli/registrations.ts'), 'export', '--format', 'csv'],
      {
        env: { ...process.env, DATABASE_URL: `sqlite:${databaseFile}` },
        encoding: 'utf8',
      },
    );
    expect(csv.status).toBe(0);
    const [header, first] = csv.stdout.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header.split(',');
    expect(columns).toContain('licenceNumber');
    expect(first.split(',')[columns.indexOf('licenceNumber')]).toBe('12345');
  }, 60_000);

  it('is refused by the stock definition as unknown', async () => {
    const response = await registerOnce(stock, { licenceNumber: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { fields: { '/licenceNumber': expect.any(String) } } });
  });
});
