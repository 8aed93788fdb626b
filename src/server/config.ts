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
  /** The map's web key: it reaches every page (the SDK's `key`, `{key}` in a tile template), so it must be restricted to the site's domain. */
  mapKey?: string;
  mapTileUrl?: string;
  /** The address of a point, asked of the map provider's service by the server. */
  mapService: MapServiceConfig;
  redisUrl?: string;
  trustProxy: boolean | string[];
  /** Run pending migrations at start (default); false when they run as a release step (`npm run db -- migrate`). */
  migrateAtStart: boolean;
  rateLimit: {
    captchaPerMinute: number;
    registrationPerMinute: number;
    statisticPerMinute: number;
    /** Requests per API key per minute on the versioned read routes, across both of them. */
    apiKeyPerMinute: number;
    /** Requests with an unknown or malformed key per client address (IPv6 by /64) per clock hour; past it, 429. */
    apiKeyFailuresPerHour: number;
    /** Staff sign-in requests per client address per minute, right or wrong (the lockouts count wrong ones). */
    signInPerMinute: number;
  };
  logLevel: string;
  schemasDir: string;
  clientDir: string;
  /** The server-side bundle that renders each published version's pages (built with the client, beside it). */
  ssrDir: string;
  locationsFile: string;
  /** How long registrations against a version are still accepted after it stopped being live, and how often each process looks for a newly published version. */
  definition: { graceMs: number; pollMs: number };
  /** The site's public address, which SMS messages link to (the status page). */
  publicUrl: string;
  sms: SmsConfig;
  followupRateLimit: { statusPerMinute: number; mobileCodePerMinute: number };
  /** What asking for one-time codes may cost the SMS account, and what it costs the asker. */
  smsCodes: SmsCodesConfig;
  /** Signed webhooks. */
  webhooks: WebhookConfig;
  /** Prometheus metrics: where they are served and how long the database may take to give its figures. */
  metrics: MetricsConfig;
  /** @fastify/under-pressure's bounds: past either, every request but the probes and metrics is answered 503. */
  pressure: PressureConfig;
  /** SHUTDOWN_DELAY_MS: after SIGTERM, how long readiness answers 503 before the server stops taking requests. */
  shutdownDelayMs: number;
  /** The form's behaviour («رفتار فرم»): whether the wizard reports it, and how idle visits are swept. */
  insights: InsightsConfig;
}

export interface MetricsConfig {
  /** METRICS_PORT: the metrics' own listener (0: any free port); unset, no listener. */
  port?: number;
  /** METRICS_HOST: the address that listener binds, 127.0.0.1 unless told otherwise. */
  host: string;
  /** METRICS_TOKEN: when set, GET /metrics on the public port too, for a bearer of this token (and the listener asks for it as well). */
  token?: string;
  /** METRICS_QUERY_TIMEOUT_MS: past this the figures kept in the database are left out of a scrape. */
  queryTimeoutMs: number;
}

export interface PressureConfig {
  /** PRESSURE_MAX_EVENT_LOOP_DELAY_MS; 0 turns the check off. */
  maxEventLoopDelayMs: number;
  /** PRESSURE_MAX_HEAP_USED_MB in bytes; unset, 90 % of V8's heap limit; 0 turns the check off. */
  maxHeapUsedBytes?: number;
}

export interface InsightsConfig {
  /** ANALYTICS: `off` makes the wizard send nothing and the server keep nothing. */
  enabled: boolean;
  /** INSIGHTS_SWEEP_MS: how often idle visits are looked for. */
  sweepMs: number;
  /** INSIGHTS_IDLE_MS: a visit with no event for this long, and no registration, is abandoned. */
  idleMs: number;
}

/** Which reverse-geocoding service answers GET Utility/Address, and how to reach it. */
export interface MapServiceConfig {
  /** MAP_SERVICE: the service whatever the map; unset, `neshan` follows from `map.provider` neshan. */
  kind?: MapServiceKind;
  /** MAP_SERVICE_KEY: sent in a request header only; never logged, never in an answer. */
  key?: string;
  /** MAP_SERVICE_URL: the service's base address; unset, the chosen service's real one. */
  url?: string;
  timeoutMs: number;
  perMinute: number;
  /** ADDRESS_LOOKUPS_PER_HOUR and ADDRESS_LOOKUPS_PER_DAY: calls to the paid service per clock hour and per UTC day, across all clients and processes. */
  lookupsPerHour: number;
  lookupsPerDay: number;
  /** ADDRESS_PROOF_DIFFICULTY: the proof of work a browser solves before its lookups (as SMS_CODE_PROOF_DIFFICULTY). */
  proofDifficulty: number;
}

export const MAP_SERVICE_KINDS = ['neshan', 'mapir'] as const;
export type MapServiceKind = (typeof MAP_SERVICE_KINDS)[number];

export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE: receivers on loopback, private and link-local addresses allowed (development, tests). */
  allowPrivate: boolean;
  /** WEBHOOK_TIMEOUT_MS: how long a receiver may take to answer before the attempt counts as failed. */
  timeoutMs: number;
}

export interface SmsCodesConfig {
  /** One-time codes sent per clock hour across all numbers (SMS_CODES_PER_HOUR); past it, 503 sms_capacity. */
  perHour: number;
  /** The proof of work asked before a code (SMS_CODE_PROOF_DIFFICULTY): the highest counter a solver may have to try. */
  proofDifficulty: number;
}

/** SMS_PROVIDER and its settings: `log` writes to the server log and the outbox; `kavenegar` sends. */
export type SmsConfig =
  | { provider: 'log' }
  | {
      provider: 'kavenegar';
      /** A path segment of every request URL: never logged. */
      apiKey: string;
      apiUrl: string;
      /** The Verify Lookup template (approved in Kavenegar's panel) that words the one-time code. */
      codeTemplate: string;
      /** The line number notices are sent from; Kavenegar's default line when unset. */
      sender?: string;
      timeoutMs: number;
    };

export class ConfigError extends Error {}

const DEFAULT_DATABASE_URL = 'sqlite:data/app.db';
/** Half a second on average for a desktop browser, a few on a phone, spent while the number is typed (docs/decisions/code-request-cost.md). */
export const DEFAULT_PROOF_DIFFICULTY = 5000;

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
  MAP_KEY: { pattern: '^[^\\s]+$', expects: "the map's web key (domain-restricted), without spaces" },
  // The address from the pin.
  MAP_SERVICE: { enum: [...MAP_SERVICE_KINDS], expects: 'neshan or mapir' },
  MAP_SERVICE_KEY: {
    pattern: '^[^\\s]{8,300}$',
    expects: "the map provider's service key (8 to 300 characters, no spaces)",
  },
  MAP_SERVICE_URL: {
    pattern: '^https?://[^\\s]+$',
    expects: 'the base address of the map service, such as https://api.neshan.org',
  },
  RATE_LIMIT_ADDRESS_PER_MINUTE: {
    pattern: positiveInt,
    expects: 'a whole number of requests per minute, 1 or more',
  },
  ADDRESS_LOOKUPS_PER_HOUR: {
    pattern: positiveInt,
    expects: 'a whole number of address lookups per hour across all clients, 1 or more',
  },
  ADDRESS_LOOKUPS_PER_DAY: {
    pattern: positiveInt,
    expects: 'a whole number of address lookups per day across all clients, 1 or more',
  },
  ADDRESS_PROOF_DIFFICULTY: {
    pattern: '^[1-9][0-9]{0,6}$',
    expects:
      'a whole number from 1 to 9999999 (the most proof-of-work steps a browser may need before address lookups)',
  },
  MAP_TILE_URL: {
    pattern: '^(?=.*\\{z\\})(?=.*\\{x\\})(?=.*\\{y\\})https?://[^\\s]+$',
    expects: 'a tile URL template starting with http:// or https:// with {z}, {x} and {y}',
  },
  REDIS_URL: { pattern: '^rediss?://.+$', expects: 'a Redis URL such as redis://127.0.0.1:6379' },
  TRUST_PROXY: {
    pattern: `^(true|false|${cidrOrAddress}(\\s*,\\s*${cidrOrAddress})*)$`,
    expects: 'false, true, or a comma-separated list of proxy addresses or CIDR ranges',
  },
  MIGRATE_AT_START: { enum: ['true', 'false'], expects: 'true or false' },
  RATE_LIMIT_CAPTCHA_PER_MINUTE: { pattern: positiveInt, expects: 'a whole number of requests per minute, 1 or more' },
  RATE_LIMIT_REGISTRATION_PER_MINUTE: {
    pattern: positiveInt,
    expects: 'a whole number of requests per minute, 1 or more',
  },
  RATE_LIMIT_STATISTIC_PER_MINUTE: {
    pattern: positiveInt,
    expects: 'a whole number of requests per minute, 1 or more',
  },
  RATE_LIMIT_SIGN_IN_PER_MINUTE: {
    pattern: positiveInt,
    expects: 'a whole number of requests per minute, 1 or more',
  },
  RATE_LIMIT_API_KEY_PER_MINUTE: {
    pattern: positiveInt,
    expects: 'a whole number of requests per minute, 1 or more',
  },
  RATE_LIMIT_API_KEY_FAILURES_PER_HOUR: {
    pattern: positiveInt,
    expects: 'a whole number of requests with a wrong API key per client address per hour, 1 or more',
  },
  LOG_LEVEL: {
    enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    expects: 'one of fatal, error, warn, info, debug, trace, silent',
  },
  SCHEMAS_DIR: { pattern: '^.+$', expects: 'the folder holding wizard.json and the step schemas' },
  CLIENT_DIR: { pattern: '^.+$', expects: 'the folder of the built wizard (dist/client)' },
  SSR_DIR: { pattern: '^.+$', expects: 'the folder of the server-side page renderer built with the client (dist/ssr)' },
  LOCATIONS_FILE: { pattern: '^.+$', expects: 'the path of the provinces and cities JSON file' },
  DEFINITION_GRACE_HOURS: {
    pattern: '^(0|[1-9][0-9]{0,3})$',
    expects: 'a whole number of hours from 0 to 9999 (how long an earlier version of the form is still accepted)',
  },
  DEFINITION_POLL_MS: {
    pattern: '^[1-9][0-9]{2,4}$',
    expects: 'a whole number of milliseconds from 100 to 99999 (how often to look for a newly published form)',
  },
  // SMS and the status page.
  PUBLIC_URL: {
    pattern: '^https?://[^\\s/]+(/[^\\s]*)?$',
    expects: 'the address of the site, such as https://pharmacy.example.ir',
  },
  SMS_PROVIDER: { enum: ['log', 'kavenegar'], expects: 'log or kavenegar' },
  SMS_API_KEY: { pattern: '^[A-Za-z0-9._=+-]{8,200}$', expects: "the provider's API key (letters, digits, . _ = + -)" },
  SMS_API_URL: {
    pattern: '^https?://[^\\s]+$',
    expects: 'the base address of the SMS API, such as https://api.kavenegar.com',
  },
  SMS_CODE_TEMPLATE: {
    pattern: '^[A-Za-z0-9_-]{1,100}$',
    expects: 'the name of the Verify Lookup template for one-time codes (letters, digits, _ and -)',
  },
  SMS_SENDER: { pattern: '^[0-9]{4,20}$', expects: 'the sending line number, digits only' },
  SMS_TIMEOUT_MS: { pattern: positiveInt, expects: 'a whole number of milliseconds, 1 or more' },
  RATE_LIMIT_STATUS_PER_MINUTE: { pattern: positiveInt, expects: 'a whole number of requests per minute, 1 or more' },
  RATE_LIMIT_MOBILE_CODE_PER_MINUTE: {
    pattern: positiveInt,
    expects: 'a whole number of requests per minute, 1 or more',
  },
  // The SMS account cannot be pumped.
  SMS_CODES_PER_HOUR: { pattern: positiveInt, expects: 'a whole number of one-time codes per hour, 1 or more' },
  SMS_CODE_PROOF_DIFFICULTY: {
    pattern: '^[1-9][0-9]{0,6}$',
    expects: 'a whole number from 1 to 9999999 (the most proof-of-work steps a browser may need before a code)',
  },
  // Signed webhooks.
  WEBHOOK_ALLOW_PRIVATE: { enum: ['true', 'false'], expects: 'true or false' },
  WEBHOOK_TIMEOUT_MS: { pattern: positiveInt, expects: 'a whole number of milliseconds, 1 or more' },
  // Monitoring: the metrics' listener and token, the readiness during a stop, the pressure bounds.
  METRICS_PORT: { pattern: '^[0-9]{1,5}$', expects: 'a port number between 0 and 65535 (0: any free port)' },
  METRICS_HOST: { pattern: '^[^\\s]+$', expects: 'an address for the metrics listener, such as 127.0.0.1' },
  METRICS_TOKEN: {
    pattern: '^[A-Za-z0-9._~+/=-]{32,200}$',
    expects: 'a token of 32 to 200 characters (letters, digits, . _ ~ + / = -)',
  },
  METRICS_QUERY_TIMEOUT_MS: {
    pattern: '^[1-9][0-9]{0,4}$',
    expects: 'a whole number of milliseconds from 1 to 99999',
  },
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: {
    pattern: '^[0-9]{1,5}$',
    expects: 'a whole number of milliseconds from 0 (no check) to 99999',
  },
  PRESSURE_MAX_HEAP_USED_MB: {
    pattern: '^[0-9]{1,6}$',
    expects: 'a whole number of megabytes from 0 (no check) to 999999',
  },
  SHUTDOWN_DELAY_MS: {
    pattern: '^[0-9]{1,5}$',
    expects: 'a whole number of milliseconds from 0 to 99999',
  },
  // The form's behaviour.
  ANALYTICS: { enum: ['on', 'off'], expects: 'on or off' },
  INSIGHTS_SWEEP_MS: {
    pattern: '^[1-9][0-9]{1,8}$',
    expects: 'a whole number of milliseconds from 10 (how often idle visits are looked for)',
  },
  INSIGHTS_IDLE_MS: {
    pattern: '^[1-9][0-9]{2,9}$',
    expects: 'a whole number of milliseconds from 100 (how long a visit may be idle before it counts as abandoned)',
  },
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
  const databaseUrl = raw.DATABASE_URL ?? DEFAULT_DATABASE_URL;
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
    mapService: mapServiceConfig(raw),
    redisUrl: raw.REDIS_URL,
    trustProxy: parseTrustProxy(raw.TRUST_PROXY ?? 'false'),
    migrateAtStart: (raw.MIGRATE_AT_START ?? 'true') === 'true',
    rateLimit: {
      captchaPerMinute: Number(raw.RATE_LIMIT_CAPTCHA_PER_MINUTE ?? 30),
      registrationPerMinute: Number(raw.RATE_LIMIT_REGISTRATION_PER_MINUTE ?? 10),
      statisticPerMinute: Number(raw.RATE_LIMIT_STATISTIC_PER_MINUTE ?? 60),
      apiKeyPerMinute: Number(raw.RATE_LIMIT_API_KEY_PER_MINUTE ?? 120),
      apiKeyFailuresPerHour: Number(raw.RATE_LIMIT_API_KEY_FAILURES_PER_HOUR ?? 30),
      signInPerMinute: Number(raw.RATE_LIMIT_SIGN_IN_PER_MINUTE ?? 30),
    },
    logLevel: raw.LOG_LEVEL ?? 'info',
    schemasDir: resolve(raw.SCHEMAS_DIR ?? fromRoot('schemas')),
    clientDir: resolve(raw.CLIENT_DIR ?? fromRoot('dist/client')),
    ssrDir: resolve(raw.SSR_DIR ?? resolve(raw.CLIENT_DIR ?? fromRoot('dist/client'), '..', 'ssr')),
    locationsFile: resolve(raw.LOCATIONS_FILE ?? fromRoot('src/server/locations/iran-locations.json')),
    definition: {
      graceMs: Number(raw.DEFINITION_GRACE_HOURS ?? 24) * 3_600_000,
      pollMs: Number(raw.DEFINITION_POLL_MS ?? 1000),
    },
    ...followupConfig(raw, port),
    smsCodes: {
      perHour: Number(raw.SMS_CODES_PER_HOUR ?? 300),
      proofDifficulty: Number(raw.SMS_CODE_PROOF_DIFFICULTY ?? DEFAULT_PROOF_DIFFICULTY),
    },
    webhooks: {
      allowPrivate: raw.WEBHOOK_ALLOW_PRIVATE === 'true',
      timeoutMs: Number(raw.WEBHOOK_TIMEOUT_MS ?? 15_000),
    },
    ...monitoringConfig(raw),
    insights: {
      enabled: (raw.ANALYTICS ?? 'on') === 'on',
      sweepMs: Number(raw.INSIGHTS_SWEEP_MS ?? 60_000),
      idleMs: Number(raw.INSIGHTS_IDLE_MS ?? 30 * 60_000),
    },
  };
}

/** Metrics are never on the public port unless a token guards them; the probes' bounds. */
function monitoringConfig(raw: Record<string, string>): Pick<Config, 'metrics' | 'pressure' | 'shutdownDelayMs'> {
  const metricsPort = raw.METRICS_PORT === undefined ? undefined : Number(raw.METRICS_PORT);
  if (metricsPort !== undefined && metricsPort > 65535)
    throw new ConfigError(
      `Configuration error: METRICS_PORT must be ${rules.METRICS_PORT.expects} (it is "${raw.METRICS_PORT}").`,
    );
  const heapMb = raw.PRESSURE_MAX_HEAP_USED_MB;
  return {
    metrics: {
      port: metricsPort,
      host: raw.METRICS_HOST ?? '127.0.0.1',
      token: raw.METRICS_TOKEN,
      queryTimeoutMs: Number(raw.METRICS_QUERY_TIMEOUT_MS ?? 500),
    },
    pressure: {
      maxEventLoopDelayMs: Number(raw.PRESSURE_MAX_EVENT_LOOP_DELAY_MS ?? 1000),
      maxHeapUsedBytes: heapMb === undefined ? undefined : Number(heapMb) * 1024 * 1024,
    },
    shutdownDelayMs: Number(raw.SHUTDOWN_DELAY_MS ?? 2000),
  };
}

/** The address from the pin never waits more than 2 s, so a slow provider only means no suggestion. */
function mapServiceConfig(raw: Record<string, string>): MapServiceConfig {
  return {
    kind: raw.MAP_SERVICE as MapServiceKind | undefined,
    key: raw.MAP_SERVICE_KEY,
    url: raw.MAP_SERVICE_URL?.replace(/\/+$/, ''),
    timeoutMs: 2000,
    perMinute: Number(raw.RATE_LIMIT_ADDRESS_PER_MINUTE ?? 30),
    lookupsPerHour: Number(raw.ADDRESS_LOOKUPS_PER_HOUR ?? 500),
    lookupsPerDay: Number(raw.ADDRESS_LOOKUPS_PER_DAY ?? 5000),
    proofDifficulty: Number(raw.ADDRESS_PROOF_DIFFICULTY ?? DEFAULT_PROOF_DIFFICULTY),
  };
}

/** The applicant's follow-up: the public address, the SMS provider and the status and code limits. */
function followupConfig(
  raw: Record<string, string>,
  port: number,
): Pick<Config, 'publicUrl' | 'sms' | 'followupRateLimit'> {
  const provider = raw.SMS_PROVIDER ?? 'log';
  const followupRateLimit = {
    statusPerMinute: Number(raw.RATE_LIMIT_STATUS_PER_MINUTE ?? 10),
    mobileCodePerMinute: Number(raw.RATE_LIMIT_MOBILE_CODE_PER_MINUTE ?? 10),
  };
  if (provider === 'log') {
    return {
      publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
      sms: { provider },
      followupRateLimit,
    };
  }
  // A real SMS leaves the building: it must link to the real site and carry a key and a template.
  for (const name of ['PUBLIC_URL', 'SMS_API_KEY', 'SMS_CODE_TEMPLATE'])
    if (raw[name] === undefined)
      throw new ConfigError(
        `Configuration error: ${name} must be set when SMS_PROVIDER is kavenegar (${rules[name].expects}).`,
      );
  return {
    publicUrl: raw.PUBLIC_URL.replace(/\/+$/, ''),
    sms: {
      provider: 'kavenegar',
      apiKey: raw.SMS_API_KEY,
      apiUrl: (raw.SMS_API_URL ?? 'https://api.kavenegar.com').replace(/\/+$/, ''),
      codeTemplate: raw.SMS_CODE_TEMPLATE,
      sender: raw.SMS_SENDER,
      timeoutMs: Number(raw.SMS_TIMEOUT_MS ?? 10_000),
    },
    followupRateLimit,
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

/**
 * The database the command-line tools work on: DATABASE_URL as the server reads it, checked by the
 * same rule; a wrong value throws a ConfigError naming the variable.
 */
export function databaseTargetOf(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const url = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  if (!new RegExp(rules.DATABASE_URL.pattern ?? '').test(url))
    throw new ConfigError(`Configuration error: DATABASE_URL must be ${rules.DATABASE_URL.expects} (it is "${url}").`);
  return parseDatabaseUrl(url);
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
