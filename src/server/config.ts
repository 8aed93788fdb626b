import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { fromRoot } from './paths.js';

export type DatabaseTarget = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  database: DatabaseTarget;
  captchaQuestionsFile: string;
  nodeEnv: string;
  production: boolean;
  csrfSecret: string;
  mapKey?: string;
  mapTileUrl?: string;
  redisUrl?: string;
  trustProxy: boolean | string[];
  rateLimit: { captchaPerMinute: number; registrationPerMinute: number; statisticPerMinute: number };
  logLevel: string;
  schemasDir: string;
  clientDir: string;
  locationsFile: string;
}

export class ConfigError extends Error {}

interface VariableRule {
  pattern?: string;
  enum?: string[];
  expects: string;
}

const positiveInt = '^[1-9][0-9]{0,8}$';
const cidrOrAddress = '[0-9A-Fa-f:.]+(/[0-9]{1,3})?';

/** What each variable may hold; `expects` is the sentence an operator reads when it is wrong. */
const rules: Record<string, VariableRule> = {
  PORT: { pattern: '^[0-9]{1,5}$', expects: 'a port number between 1 and 65535' },
  HOST: { pattern: '^[^\\s]+$', expects: 'a host name or address to listen on, such as 0.0.0.0' },
  DATABASE_URL: {
    pattern: '^(sqlite:.+|postgres(ql)?://.+)$',
    expects: 'sqlite:PATH (for example sqlite:data/app.db), sqlite::memory: or postgres://user@host:5432/database',
  },
  CAPTCHA_QUESTIONS_FILE: { pattern: '^.+$', expects: 'the path of a captcha question bank JSON file' },
  NODE_ENV: { enum: ['production', 'development', 'test'], expects: 'production, development or test' },
  CSRF_SECRET: { pattern: '^.{32,}$', expects: 'a secret of at least 32 characters' },
  MAP_KEY: { pattern: '^[^\\s]+$', expects: 'the map service key, without spaces' },
  MAP_TILE_URL: { pattern: '^https?://[^\\s]+$', expects: 'a tile URL template starting with http:// or https://' },
  REDIS_URL: { pattern: '^rediss?://.+$', expects: 'a Redis URL such as redis://127.0.0.1:6379' },
  TRUST_PROXY: {
    pattern: `^(true|false|${cidrOrAddress}(\\s*,\\s*${cidrOrAddress})*)$`,
    expects: 'false, true, or a comma-separated list of proxy addresses or CIDR ranges',
  },
  RATE_LIMIT_CAPTCHA_PER_MINUTE: { pattern: positiveInt, expects: 'a whole number of requests per minute, 1 or more' },
  RATE_LIMIT_REGISTRATION_PER_MINUTE: {
    pattern: positiveInt,
    expects: 'a whole number of requests per minute, 1 or more',
  },
  RATE_LIMIT_STATISTIC_PER_MINUTE: {
    pattern: positiveInt,
    expects: 'a whole number of requests per minute, 1 or more',
  },
  LOG_LEVEL: {
    enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    expects: 'one of fatal, error, warn, info, debug, trace, silent',
  },
  SCHEMAS_DIR: { pattern: '^.+$', expects: 'the folder holding wizard.json and the step schemas' },
  CLIENT_DIR: { pattern: '^.+$', expects: 'the folder of the built wizard (dist/client)' },
  LOCATIONS_FILE: { pattern: '^.+$', expects: 'the path of the provinces and cities JSON file' },
};

const envSchema = {
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [
      name,
      rule.enum ? { type: 'string', enum: rule.enum } : { type: 'string', pattern: rule.pattern },
    ]),
  ),
};

const checkEnv = new Ajv({ allErrors: false, strict: true }).compile(envSchema);

/** Reads and checks the environment once; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = pickDefined(env);
  if (!checkEnv(raw)) {
    const name = (checkEnv.errors?.[0]?.instancePath ?? '').slice(1);
    throw new ConfigError(
      `Configuration error: ${name} must be ${rules[name]?.expects ?? 'valid'} (it is "${String(raw[name])}").`,
    );
  }
  const port = Number(raw.PORT ?? 3000);
  if (port < 1 || port > 65535)
    throw new ConfigError(`Configuration error: PORT must be ${rules.PORT.expects} (it is "${raw.PORT}").`);
  const databaseUrl = raw.DATABASE_URL ?? 'sqlite:data/app.db';
  const database = parseDatabaseUrl(databaseUrl);
  const nodeEnv = raw.NODE_ENV ?? 'development';
  return {
    port,
    host: raw.HOST ?? '0.0.0.0',
    databaseUrl,
    database,
    captchaQuestionsFile: resolve(raw.CAPTCHA_QUESTIONS_FILE ?? fromRoot('src/server/captcha/questions.fa.json')),
    nodeEnv,
    production: nodeEnv === 'production',
    csrfSecret: raw.CSRF_SECRET ?? storedSecret(database),
    mapKey: raw.MAP_KEY,
    mapTileUrl: raw.MAP_TILE_URL,
    redisUrl: raw.REDIS_URL,
    trustProxy: parseTrustProxy(raw.TRUST_PROXY ?? 'false'),
    rateLimit: {
      captchaPerMinute: Number(raw.RATE_LIMIT_CAPTCHA_PER_MINUTE ?? 30),
      registrationPerMinute: Number(raw.RATE_LIMIT_REGISTRATION_PER_MINUTE ?? 10),
      statisticPerMinute: Number(raw.RATE_LIMIT_STATISTIC_PER_MINUTE ?? 60),
    },
    logLevel: raw.LOG_LEVEL ?? 'info',
    schemasDir: resolve(raw.SCHEMAS_DIR ?? fromRoot('schemas')),
    clientDir: resolve(raw.CLIENT_DIR ?? fromRoot('dist/client')),
    locationsFile: resolve(raw.LOCATIONS_FILE ?? fromRoot('src/server/locations/iran-locations.json')),
  };
}

function pickDefined(env: NodeJS.ProcessEnv): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of Object.keys(rules)) {
    const value = env[name];
    if (value !== undefined && value !== '') picked[name] = value;
  }
  return picked;
}

export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { kind: 'postgres', url };
  const path = url.slice('sqlite:'.length);
  return { kind: 'sqlite', path: path === ':memory:' ? ':memory:' : resolve(path) };
}

function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value.split(',').map((part) => part.trim());
}

/**
 * Without CSRF_SECRET the secret is generated once and kept beside the data, so tokens survive a
 * restart; an in-memory database lives one process long, and so may its secret.
 */
function storedSecret(database: DatabaseTarget): string {
  if (database.kind === 'sqlite' && database.path === ':memory:') return randomBytes(32).toString('base64url');
  const folder = database.kind === 'sqlite' ? dirname(database.path) : resolve('data');
  const file = resolve(folder, 'csrf-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(folder, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process starting at the same moment wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}
