/**
 * fast-check generators of malformed registration requests. Every generated request is invalid BY
 * CONSTRUCTION (so "0 rows stored" is a fair expectation): it carries at least one defect the
 * contract says must be refused; decorations such as SQL or HTML payloads ride along on top.
 * The body is built at send time, so a fresh, rightly answered captcha can be put in it: then only
 * the defect stands between the request and a stored row.
 */
import fc from 'fast-check';
import { seededRandom, validRegistration, type Registration } from './data.js';

export interface CaptchaAnswer {
  id: string;
  validOptionIndex: number;
}

export interface BadRequest {
  /** Category, for the figures. */
  kind: string;
  /** What exactly is wrong (shown when the server mishandles it). */
  defect: string;
  method: string;
  path: string;
  /** undefined: application/json; null: no Content-Type header at all. */
  contentType?: string | null;
  /** Sent with Transfer-Encoding: chunked instead of Content-Length. */
  chunked?: boolean;
  /** Whether the body gets a fresh captcha answered right. */
  freshCaptcha: boolean;
  build: (captcha: CaptchaAnswer | undefined) => Buffer | undefined;
  /** A status the contract names for this defect (else any 4xx will do). */
  expectStatus?: number;
  /** Sent as the Idempotency-Key header instead of a fresh UUID. */
  idempotencyKey?: string;
}

export const sqlPayloads = [
  "'; DROP TABLE registrations; --",
  "' OR '1'='1",
  '1; DELETE FROM registrations WHERE 1=1; --',
  "Robert'); DROP TABLE captchas;--",
  '" OR ""="',
  "'); INSERT INTO registrations (tracking_code) VALUES ('x'); --",
  "\\'; SELECT pg_sleep(5); --",
  "1' UNION SELECT national_code, mobile_number FROM registrations --",
];

export const htmlPayloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(document.cookie)>',
  "javascript:alert('x')",
  '<iframe src="https://evil.example"></iframe>',
  '{{constructor.constructor("alert(1)")()}}',
  '<style>@import "https://evil.example/x.css";</style>',
  '${7*7}<%= 7*7 %>',
];

const textFields = ['name', 'address'] as const;
const adminTextFields = ['firstName', 'lastName'] as const;

/** A registration body being broken on purpose: any JSON at all may end up in it. */
type JsonObject = Record<string, unknown>;

type Mutation = { defect: string; apply: (r: JsonObject) => void };

const payload = fc.constantFrom(...sqlPayloads, ...htmlPayloads);

/** A value of a JSON type other than `not`. */
function otherType(not: 'string' | 'number' | 'integer' | 'boolean' | 'object'): fc.Arbitrary<unknown> {
  const choices: fc.Arbitrary<unknown>[] = [
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
  ];
  if (not !== 'string') choices.push(fc.string({ maxLength: 20 }), fc.constantFrom('1', '2', 'true', '35.7', '۱'));
  if (not !== 'number' && not !== 'integer')
    choices.push(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
  if (not === 'integer') choices.push(fc.double({ min: 1.01, max: 5.99, noNaN: true }));
  if (not !== 'boolean') choices.push(fc.boolean());
  return fc.oneof(...choices);
}

/** Deeply nested arrays/objects as a value (depth 20 to 3000, always far under 16 KB). */
const deepValue = fc.tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = arrays ? [value] : { a: value };
  return value;
});

const hugeString = fc
  .tuple(fc.integer({ min: 501, max: 7_000 }), fc.constantFrom('ا', 'a', '<', "'", '۱', ' '))
  .map(([n, ch]) => ch.repeat(n));

const requiredTop = [
  'name',
  'type',
  'service',
  'cityId',
  'tier',
  'latitude',
  'longitude',
  'address',
  'adminData',
  'captcha',
] as const;
const requiredAdmin = ['firstName', 'lastName', 'nationalCode', 'mobileNumber'] as const;
const typed: Array<[path: string[], type: 'string' | 'number' | 'integer' | 'boolean' | 'object']> = [
  [['name'], 'string'],
  [['type'], 'integer'],
  [['service'], 'integer'],
  [['hasDavajoo'], 'boolean'],
  [['cityId'], 'integer'],
  [['tier'], 'integer'],
  [['latitude'], 'number'],
  [['longitude'], 'number'],
  [['address'], 'string'],
  [['adminData'], 'object'],
  [['adminData', 'firstName'], 'string'],
  [['adminData', 'lastName'], 'string'],
  [['adminData', 'nationalCode'], 'string'],
  [['adminData', 'mobileNumber'], 'string'],
  [['captcha'], 'object'],
  [['captcha', 'validOptionIndex'], 'integer'],
];

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Sets a value at a path. When an earlier defect already removed or replaced a parent, nothing is
 * done: that earlier defect still makes the body invalid, and re-creating the parent could repair it.
 */
function setAt(r: JsonObject, path: readonly string[], value: unknown): void {
  let target = r;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (!isObject(next)) return;
    target = next;
  }
  target[path[path.length - 1]] = value;
}

function deleteAt(r: JsonObject, path: readonly string[]): void {
  let target = r;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (!isObject(next)) return;
    target = next;
  }
  delete target[path[path.length - 1]];
}

/** One defect that makes the registration invalid. */
const invalidating: fc.Arbitrary<Mutation> = fc.oneof(
  fc
    .constantFrom(...requiredTop)
    .map((key) => ({ defect: `missing ${key}`, apply: (r: JsonObject) => void delete r[key] })),
  fc
    .constantFrom(...requiredAdmin)
    .map((key) => ({ defect: `missing adminData.${key}`, apply: (r: JsonObject) => deleteAt(r, ['adminData', key]) })),
  fc.constant({
    defect: 'missing captcha.validOptionIndex',
    apply: (r: JsonObject) => deleteAt(r, ['captcha', 'validOptionIndex']),
  }),
  fc.constantFrom(...typed).chain(([path, type]) =>
    otherType(type).map((value) => ({
      defect: `wrong type at ${path.join('.')}: ${JSON.stringify(value)?.slice(0, 40)}`,
      apply: (r: JsonObject) => setAt(r, path, value),
    })),
  ),
  fc
    .tuple(
      fc.constantFrom(
        ['type'],
        ['service'],
        ['tier'],
        ['cityId'],
        ['latitude'],
        ['longitude'],
        ['captcha', 'validOptionIndex'],
      ),
      fc.constantFrom(-1, 0, 7, 15, 10, 100, 1e9, -1e9, 23.99, 64.01),
    )
    .filter(([path, value]) => outOfRange(path.join('.'), value))
    .map(([path, value]) => ({
      defect: `out of range ${path.join('.')}=${value}`,
      apply: (r: JsonObject) => setAt(r, path, value),
    })),
  fc
    .tuple(
      fc.constantFrom(
        ['name'],
        ['address'],
        ['adminData', 'firstName'],
        ['adminData', 'lastName'],
        ['adminData', 'nationalCode'],
        ['adminData', 'mobileNumber'],
      ),
      fc.constantFrom('', ' ', '   ', '\t\n', '\u200c'),
    )
    .map(([path, value]) => ({
      defect: `empty ${path.join('.')}=${JSON.stringify(value)}`,
      apply: (r: JsonObject) => setAt(r, path, value),
    })),
  fc
    .tuple(
      fc.constantFrom(
        ['name'],
        ['address'],
        ['adminData', 'firstName'],
        ['adminData', 'lastName'],
        ['adminData', 'nationalCode'],
        ['adminData', 'mobileNumber'],
      ),
      hugeString,
    )
    .map(([path, value]) => ({
      defect: `huge ${path.join('.')} (${value.length} chars)`,
      apply: (r: JsonObject) => setAt(r, path, value),
    })),
  fc
    .constantFrom(
      '0684159415',
      '0000000000',
      '1111111111',
      '123',
      '12345678901',
      'abcdefghij',
      '049937089٩x',
      '0499370898',
      ...sqlPayloads.slice(0, 3),
    )
    .map((code) => ({
      defect: `bad national code ${code}`,
      apply: (r: JsonObject) => setAt(r, ['adminData', 'nationalCode'], code),
    })),
  fc
    .constantFrom(
      '0800000000',
      '09123',
      '0912345678901',
      '0812345678',
      '08123456789',
      '0910abcdefg',
      '+1 212 555 0100',
      ...htmlPayloads.slice(0, 2),
    )
    .map((mobile) => ({
      defect: `bad mobile ${mobile}`,
      apply: (r: JsonObject) => setAt(r, ['adminData', 'mobileNumber'], mobile),
    })),
  fc
    .tuple(
      fc.constantFrom([], ['adminData'], ['captcha']),
      fc.constantFrom(
        'status',
        'id',
        'trackingCode',
        'tracking_code',
        'isAdmin',
        'role',
        'createdAt',
        'payload',
        'extra',
        "x'; DROP TABLE registrations;--",
        '<script>',
        'toString',
        'hasOwnProperty',
        'valueOf',
      ),
      fc.oneof(fc.constant('approved'), fc.integer(), fc.boolean(), fc.constant(null)),
    )
    .map(([path, key, value]) => ({
      defect: `extra property ${[...path, key].join('.')}`,
      apply: (r: JsonObject) => setAt(r, [...path, key], value),
    })),
  fc
    .tuple(
      fc.constantFrom(
        ['name'],
        ['address'],
        ['type'],
        ['adminData'],
        ['adminData', 'firstName'],
        ['captcha'],
        ['latitude'],
      ),
      deepValue,
    )
    .map(([path, value]) => ({
      defect: `deeply nested value at ${path.join('.')}`,
      apply: (r: JsonObject) => setAt(r, path, value),
    })),
  fc.constant({ defect: 'captcha id missing', apply: (r: JsonObject) => deleteAt(r, ['captcha', 'id']) }),
);

function outOfRange(path: string, value: number): boolean {
  switch (path) {
    case 'type':
      return !(Number.isInteger(value) && value >= 1 && value <= 6);
    case 'service':
      return !(Number.isInteger(value) && value >= 1 && value <= 14);
    case 'tier':
      // Any whole number from 1 may be a plan the server knows of: only those below 1 are surely wrong.
      return !(Number.isInteger(value) && value >= 1);
    case 'cityId':
      // 7, 10, 15 and 100 are real city ids; 1e9 is none.
      return !(Number.isInteger(value) && value >= 1) || value === 1e9;
    case 'latitude':
      return value < 24 || value > 40;
    case 'longitude':
      return value < 44 || value > 64;
    case 'captcha.validOptionIndex':
      return !(Number.isInteger(value) && value >= 0 && value <= 9);
    default:
      return true;
  }
}

/** Cosmetic changes that are valid on their own (payloads in free text). */
const decoration: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.constantFrom(...textFields), payload).map(([key, text]) => ({
    defect: `payload in ${key}`,
    apply: (r: JsonObject) => void (r[key] = `${String(r[key])} ${text}`.slice(0, 100)),
  })),
  fc.tuple(fc.constantFrom(...adminTextFields), payload).map(([key, text]) => ({
    defect: `payload in adminData.${key}`,
    apply: (r: JsonObject) => setAt(r, ['adminData', key], text.slice(0, 50)),
  })),
);

const baseSeed = fc.integer({ min: 1, max: 2 ** 31 - 1 });

function withCaptcha(r: Registration, captcha: CaptchaAnswer | undefined, fallbackId: string): Registration {
  return { ...structuredClone(r), captcha: captcha ? { ...captcha } : { id: fallbackId, validOptionIndex: 0 } };
}

const bogusId = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 64 }));

const placeholder = { id: 'placeholder', validOptionIndex: 0 };

/** Schema-invalid JSON objects (the validation layer): 1–3 defects plus 0–2 decorations. */
const schemaInvalid: fc.Arbitrary<BadRequest> = fc
  .record({
    seed: baseSeed,
    defects: fc.array(invalidating, { minLength: 1, maxLength: 3 }),
    decorations: fc.array(decoration, { maxLength: 2 }),
    fresh: fc.boolean(),
    id: bogusId,
  })
  .map(({ seed, defects, decorations, fresh, id }) => ({
    kind: 'schema-invalid',
    defect: [...defects, ...decorations].map((m) => m.defect).join('; '),
    method: 'POST',
    path: '/api/Register/Pharmacy',
    freshCaptcha: fresh,
    build: (captcha) => {
      const r: JsonObject = { ...withCaptcha(validRegistration(seededRandom(seed), placeholder), captcha, id) };
      // Decorations first: a defect (say a missing field) must not be undone by one.
      for (const m of decorations) m.apply(r);
      for (const m of defects) m.apply(r);
      return Buffer.from(JSON.stringify(r), 'utf8');
    },
  }));

/** Raw JSON text with __proto__ / constructor keys (JSON.stringify cannot write them). */
const prototypeKeys: fc.Arbitrary<BadRequest> = fc
  .record({
    seed: baseSeed,
    where: fc.constantFrom('top', 'adminData', 'captcha'),
    key: fc.constantFrom(
      '"__proto__": {"isAdmin": true, "status": "approved"}',
      '"__proto__": {"tracking_code": "HACKED"}',
      '"constructor": {"prototype": {"isAdmin": true}}',
      '"constructor": {"prototype": {"toString": 1}}',
      '"__proto__": null',
      '"constructor": "x"',
      '"__proto__": []',
      '"__proto__": {"__proto__": {"polluted": 1}}',
    ),
    fresh: fc.boolean(),
    id: bogusId,
  })
  .map(({ seed, where, key, fresh, id }) => ({
    kind: 'prototype-keys',
    defect: `${key} in ${where}`,
    method: 'POST',
    path: '/api/Register/Pharmacy',
    freshCaptcha: fresh,
    build: (captcha) => {
      const text = JSON.stringify(withCaptcha(validRegistration(seededRandom(seed), placeholder), captcha, id));
      const anchor = where === 'top' ? '{' : `"${where}":{`;
      const at = text.indexOf(anchor) + anchor.length;
      return Buffer.from(`${text.slice(0, at)}${key},${text.slice(at)}`, 'utf8');
    },
  }));

const invalidUtf8Sequences = [
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xa0, 0xa1]),
  Buffer.from([0xe2, 0x28, 0xa1]),
  Buffer.from([0xf0, 0x28, 0x8c, 0xbc]),
  Buffer.from([0xff]),
  Buffer.from([0xfe, 0xff]),
  Buffer.from([0xed, 0xa0, 0x80]), // an encoded UTF-16 surrogate
  Buffer.from([0xc0, 0xaf]), // overlong '/'
  Buffer.from([0xd8]), // a lone lead byte of a Persian letter
];

/** An otherwise valid registration with bytes that are not UTF-8 inside a free-text value. */
const invalidUtf8: fc.Arbitrary<BadRequest> = fc
  .record({
    seed: baseSeed,
    field: fc.constantFrom('name', 'address', 'firstName', 'lastName'),
    bytes: fc.constantFrom(...invalidUtf8Sequences),
    fresh: fc.boolean(),
    id: bogusId,
  })
  .map(({ seed, field, bytes, fresh, id }) => ({
    kind: 'invalid-utf8',
    defect: `bytes ${bytes.toString('hex')} in ${field}`,
    method: 'POST',
    path: '/api/Register/Pharmacy',
    freshCaptcha: fresh,
    build: (captcha) => {
      const r = withCaptcha(validRegistration(seededRandom(seed), placeholder), captcha, id);
      const marker = 'ZZINVALIDZZ';
      if (field === 'firstName' || field === 'lastName') r.adminData[field] = `${r.adminData[field]}${marker}`;
      else r[field] = `${r[field]}${marker}`;
      const text = Buffer.from(JSON.stringify(r), 'utf8');
      const at = text.indexOf(marker);
      return Buffer.concat([text.subarray(0, at), bytes, text.subarray(at + marker.length)]);
    },
  }));

/** Not JSON, or JSON that is not an object. */
const malformedJson: fc.Arbitrary<BadRequest> = fc
  .record({
    seed: baseSeed,
    how: fc.constantFrom(
      'truncate',
      'trailing-comma',
      'single-quotes',
      'unquoted-keys',
      'nan',
      'comment',
      'empty',
      'garbage',
      'scalar',
      'array',
      'two-documents',
      'unclosed-string',
      'control-char',
    ),
    cut: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    garbage: fc.uint8Array({ minLength: 1, maxLength: 200 }),
    scalar: fc.constantFrom('null', 'true', '0', '"registration"', '1e309', '-'),
    fresh: fc.boolean(),
    id: bogusId,
  })
  .map(({ seed, how, cut, garbage, scalar, fresh, id }) => ({
    kind: 'malformed-json',
    defect: how,
    method: 'POST',
    path: '/api/Register/Pharmacy',
    freshCaptcha: fresh,
    build: (captcha) => {
      const text = JSON.stringify(withCaptcha(validRegistration(seededRandom(seed), placeholder), captcha, id));
      const broken: Record<string, () => string | Buffer> = {
        truncate: () => text.slice(0, Math.max(1, Math.floor(text.length * cut))),
        'trailing-comma': () => `${text.slice(0, -1)},}`,
        'single-quotes': () => text.replace(/"/g, "'"),
        'unquoted-keys': () => text.replace(/"(\w+)":/g, '$1:'),
        nan: () => text.replace(/"latitude":[^,]+/, '"latitude":NaN'),
        comment: () => `/* registration */${text}`,
        empty: () => '',
        garbage: () => Buffer.from(garbage),
        scalar: () => scalar,
        array: () => `[${text}]`,
        'two-documents': () => `${text}${text}`,
        'unclosed-string': () => text.replace(/"address":"/, '"address":"\\'),
        'control-char': () => text.replace(/"name":"/, '"name":"\u0001\u0000'),
      };
      const value = broken[how]();
      return Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
    },
  }));

/** Over the 16 KB body limit: 413. */
const tooLarge: fc.Arbitrary<BadRequest> = fc
  .record({
    seed: baseSeed,
    size: fc.integer({ min: 16 * 1024 + 1, max: 96 * 1024 }),
    chunked: fc.boolean(),
    fresh: fc.boolean(),
    id: bogusId,
  })
  .map(({ seed, size, chunked, fresh, id }) => ({
    kind: 'too-large',
    defect: `${size} bytes${chunked ? ', chunked' : ''}`,
    method: 'POST',
    path: '/api/Register/Pharmacy',
    chunked,
    freshCaptcha: fresh,
    expectStatus: 413,
    build: (captcha) => {
      const r = withCaptcha(validRegistration(seededRandom(seed), placeholder), captcha, id);
      const base = Buffer.byteLength(JSON.stringify(r), 'utf8');
      r.address = `${r.address}${'a'.repeat(Math.max(0, size - base))}`;
      return Buffer.from(JSON.stringify(r), 'utf8');
    },
  }));

/** A valid registration (fresh captcha) sent as something other than JSON. */
const wrongContentType: fc.Arbitrary<BadRequest> = fc
  .record({
    seed: baseSeed,
    contentType: fc.constantFrom<string | null>(
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'text/html',
      'application/javascript',
      'application/octet-stream',
      'image/png',
      null,
      '',
      'json',
      'application/jsonp',
    ),
    form: fc.boolean(),
    fresh: fc.boolean(),
    id: bogusId,
  })
  .map(({ seed, contentType, form, fresh, id }) => ({
    kind: 'content-type',
    defect: `Content-Type ${JSON.stringify(contentType)}`,
    method: 'POST',
    path: '/api/Register/Pharmacy',
    contentType,
    freshCaptcha: fresh,
    build: (captcha) => {
      const r = withCaptcha(validRegistration(seededRandom(seed), placeholder), captcha, id);
      if (form && contentType === 'application/x-www-form-urlencoded') {
        return Buffer.from(
          new URLSearchParams({ name: r.name, address: r.address, data: JSON.stringify(r) }).toString(),
          'utf8',
        );
      }
      return Buffer.from(JSON.stringify(r), 'utf8');
    },
  }));

/** The registration route with another method, and POST where only GET is served. */
const wrongMethod: fc.Arbitrary<BadRequest> = fc
  .record({
    seed: baseSeed,
    target: fc.constantFrom(
      ['PUT', '/api/Register/Pharmacy'],
      ['PATCH', '/api/Register/Pharmacy'],
      ['DELETE', '/api/Register/Pharmacy'],
      ['GET', '/api/Register/Pharmacy'],
      ['OPTIONS', '/api/Register/Pharmacy'],
      ['POST', '/api/Register/GetCaptcha'],
      ['POST', '/api/Register/Config'],
      ['POST', '/api/health'],
      ['PUT', '/api/Utility/Locations'],
      ['DELETE', '/api/Statistic/Register'],
      ['POST', '/api/Register/Pharmacy/1'],
      ['POST', '/api/Register/Pharmacy2'],
      ['POST', '/api/../api/Register/Pharmacy%00'],
    ),
    fresh: fc.boolean(),
    id: bogusId,
  })
  .map(({ seed, target, fresh, id }) => ({
    kind: 'method-or-path',
    defect: `${target[0]} ${target[1]}`,
    method: target[0],
    path: target[1],
    freshCaptcha: fresh,
    build: (captcha) =>
      target[0] === 'GET'
        ? undefined
        : Buffer.from(
            JSON.stringify(withCaptcha(validRegistration(seededRandom(seed), placeholder), captcha, id)),
            'utf8',
          ),
  }));

/** A valid registration (fresh captcha) under an Idempotency-Key that is not a UUID. */
const badIdempotencyKey: fc.Arbitrary<BadRequest> = fc
  .record({
    seed: baseSeed,
    key: fc.oneof(
      fc.constantFrom(
        'abc',
        '1',
        "' OR 1=1 --",
        '00000000-0000-0000-0000-00000000000g',
        '{}',
        'a'.repeat(300),
        '__proto__',
        '\u0000',
      ),
      fc.string({ minLength: 1, maxLength: 60 }).filter((k) => /^[\u0021-\u007e]+$/.test(k)),
    ),
    fresh: fc.boolean(),
    id: bogusId,
  })
  .map(({ seed, key, fresh, id }) => ({
    kind: 'idempotency-key',
    defect: `Idempotency-Key ${JSON.stringify(key.slice(0, 40))}`,
    method: 'POST',
    path: '/api/Register/Pharmacy',
    idempotencyKey: key.replace('\u0000', '%00'),
    freshCaptcha: fresh,
    expectStatus: 400,
    build: (captcha) =>
      Buffer.from(JSON.stringify(withCaptcha(validRegistration(seededRandom(seed), placeholder), captcha, id)), 'utf8'),
  }));

/** All kinds, weighted towards the validation layer. */
export const badRequest: fc.Arbitrary<BadRequest> = fc.oneof(
  { arbitrary: schemaInvalid, weight: 10 },
  { arbitrary: prototypeKeys, weight: 2 },
  { arbitrary: invalidUtf8, weight: 2 },
  { arbitrary: malformedJson, weight: 3 },
  { arbitrary: tooLarge, weight: 1 },
  { arbitrary: wrongContentType, weight: 2 },
  { arbitrary: wrongMethod, weight: 2 },
  { arbitrary: badIdempotencyKey, weight: 1 },
);
