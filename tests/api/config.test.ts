import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBank } from '../../src/server/captcha/bank.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { fromRoot } from '../../src/server/paths.js';
import { testApp } from './helpers.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ CSRF_SECRET: 'x'.repeat(32) });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: 'sqlite:data/app.db',
      trustProxy: false,
      migrateAtStart: true,
      rateLimit: { captchaPerMinute: 30, registrationPerMinute: 10, statisticPerMinute: 60 },
      logLevel: 'info',
      schemasDir: fromRoot('schemas'),
      clientDir: fromRoot('dist/client'),
      production: false,
      definition: { graceMs: 24 * 3_600_000, pollMs: 1000 },
      smsCodes: { perHour: 300, proofDifficulty: 5000 },
    });
    expect(config.database).toEqual({ kind: 'sqlite', path: join(process.cwd(), 'data/app.db') });
  });

  it.each([
    ['PORT', 'abc', /PORT must be a port number between 1 and 65535 \(it is "abc"\)/],
    ['PORT', '70000', /PORT must be a port number/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL must be sqlite:PATH/],
    ['NODE_ENV', 'prod', /NODE_ENV must be production, development or test/],
    ['TRUST_PROXY', 'yes please', /TRUST_PROXY must be false, true, or a comma-separated list/],
    ['RATE_LIMIT_REGISTRATION_PER_MINUTE', '0', /RATE_LIMIT_REGISTRATION_PER_MINUTE must be a whole number/],
    ['RATE_LIMIT_STATISTIC_PER_MINUTE', '-5', /RATE_LIMIT_STATISTIC_PER_MINUTE must be a whole number/],
    ['CSRF_SECRET', 'short', /CSRF_SECRET must be a secret of at least 32 characters/],
    ['MAP_TILE_URL', 'ftp://x', /MAP_TILE_URL must be a tile URL template/],
    ['MAP_TILE_URL', 'https://tiles.example.ir/{z}/{x}.png', /MAP_TILE_URL must be .* with \{z\}, \{x\} and \{y\}/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['MIGRATE_AT_START', 'yes', /MIGRATE_AT_START must be true or false \(it is "yes"\)/],
    ['DEFINITION_GRACE_HOURS', '1.5', /DEFINITION_GRACE_HOURS must be a whole number of hours/],
    ['DEFINITION_GRACE_HOURS', '-1', /DEFINITION_GRACE_HOURS must be a whole number of hours/],
    ['DEFINITION_POLL_MS', '50', /DEFINITION_POLL_MS must be a whole number of milliseconds from 100/],
    ['SMS_CODES_PER_HOUR', '0', /SMS_CODES_PER_HOUR must be a whole number of one-time codes per hour/],
    ['SMS_CODES_PER_HOUR', 'many', /SMS_CODES_PER_HOUR must be a whole number/],
    ['SMS_CODE_PROOF_DIFFICULTY', '0', /SMS_CODE_PROOF_DIFFICULTY must be a whole number from 1 to 9999999/],
    ['MAP_SERVICE', 'google', /MAP_SERVICE must be neshan or mapir/],
    ['MAP_SERVICE_KEY', 'has space', /MAP_SERVICE_KEY must be the map provider's service key/],
    ['MAP_SERVICE_URL', 'api.neshan.org', /MAP_SERVICE_URL must be the base address of the map service/],
    ['RATE_LIMIT_ADDRESS_PER_MINUTE', '0', /RATE_LIMIT_ADDRESS_PER_MINUTE must be a whole number/],
    ['ADDRESS_LOOKUPS_PER_HOUR', '0', /ADDRESS_LOOKUPS_PER_HOUR must be a whole number of address lookups per hour/],
    ['ADDRESS_LOOKUPS_PER_DAY', '1e6', /ADDRESS_LOOKUPS_PER_DAY must be a whole number of address lookups per day/],
    ['ADDRESS_PROOF_DIFFICULTY', '0', /ADDRESS_PROOF_DIFFICULTY must be a whole number from 1 to 9999999/],
    ['RATE_LIMIT_API_KEY_FAILURES_PER_HOUR', '-1', /RATE_LIMIT_API_KEY_FAILURES_PER_HOUR must be a whole number/],
  ])('%s=%s stops with a plain sentence', (name, value, message) => {
    expect(() => loadConfig({ CSRF_SECRET: 'x'.repeat(32), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ CSRF_SECRET: 'x'.repeat(32), [name]: value })).toThrow(message);
  });

  it('reads the map service: no service by default, a 2 s bound, the base address without a trailing slash', () => {
    expect(loadConfig({ CSRF_SECRET: 'x'.repeat(32) }).mapService).toEqual({
      timeoutMs: 2000,
      perMinute: 30,
      lookupsPerHour: 500,
      lookupsPerDay: 5000,
      proofDifficulty: 5000,
    });
    expect(
      loadConfig({
        CSRF_SECRET: 'x'.repeat(32),
        MAP_SERVICE: 'mapir',
        MAP_SERVICE_KEY: 'service.abcdef0123',
        MAP_SERVICE_URL: 'http://127.0.0.1:9000/',
        RATE_LIMIT_ADDRESS_PER_MINUTE: '12',
        ADDRESS_LOOKUPS_PER_HOUR: '100',
        ADDRESS_LOOKUPS_PER_DAY: '800',
        ADDRESS_PROOF_DIFFICULTY: '40',
      }).mapService,
    ).toEqual({
      kind: 'mapir',
      key: 'service.abcdef0123',
      url: 'http://127.0.0.1:9000',
      timeoutMs: 2000,
      perMinute: 12,
      lookupsPerHour: 100,
      lookupsPerDay: 800,
      proofDifficulty: 40,
    });
  });

  it('reads TRUST_PROXY as a list of addresses and ranges', () => {
    expect(loadConfig({ CSRF_SECRET: 'x'.repeat(32), TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual(
      ['10.0.0.1', '192.168.0.0/16', '::1'],
    );
    expect(loadConfig({ CSRF_SECRET: 'x'.repeat(32), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('generates the CSRF secret once, beside the database, readable by the owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const first = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'app.db')}` });
    const file = join(dir, 'csrf-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.csrfSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'app.db')}` }).csrfSecret).toBe(first.csrfSecret);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.csrfSecret);
  });
});

describe('captcha bank file', () => {
  it('the shipped bank has at least 20 questions with 3 or 4 options', () => {
    const bank = loadBank(fromRoot('src/server/captcha/questions.fa.json'));
    expect(bank.questions.length).toBeGreaterThanOrEqual(20);
    expect(bank.generators).toContain('arithmetic');
  });

  it.each([
    ['not JSON', '{', /cannot be read as JSON/],
    ['no questions', '{"questions":[]}', /not valid at \/questions/],
    ['two options', '{"questions":[{"question":"?","options":["a","b"],"answer":0}]}', /not valid/],
    [
      'answer out of range',
      '{"questions":[{"question":"?","options":["a","b","c"],"answer":3}]}',
      /answer must be the index/,
    ],
  ])('a bank with %s stops the server with a plain sentence', async (_case, text, message) => {
    const file = join(mkdtempSync(join(tmpdir(), 'bank-')), 'bank.json');
    writeFileSync(file, text);
    expect(() => loadBank(file)).toThrow(message);
    await expect(testApp({ CAPTCHA_QUESTIONS_FILE: file })).rejects.toThrow(message);
  });
});
