/** The JSON schemas of the key routes: the console's (/api/staff/api-keys) and the readers' (/api/v1/). */
import { API_KEY_SCOPES } from '../../shared/contracts/integrations.js';
import { CASE_STATUSES, type CaseAnswer, type CaseStatus } from '../../shared/contracts/staff.js';
import { instant } from '../api.schemas.js';
import { filterProperties } from '../staff/routes/schemas.js';

const EXAMPLE_KEY = 'prk_3VqWb0Xy5sKp8Lm2Nc7Rt1Hd9Gf4Ja6Ze0Uo2Ii5Yq8Tw';

/**
 * The largest id or code a column holds (PostgreSQL's integer): a larger number in a query is
 * refused with 400 here rather than reach the database and fail there (500 on PostgreSQL).
 */
export const MAX_STORED_INTEGER = 2_147_483_647;
const storedInteger = { type: 'integer', minimum: 0, maximum: MAX_STORED_INTEGER } as const;

export const keyIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: MAX_STORED_INTEGER, description: 'the key id' } },
} as const;

export const newKeyBodySchema = {
  type: 'object',
  required: ['name', 'scopes'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S', description: 'who or what uses the key' },
    scopes: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: [...API_KEY_SCOPES] } },
  },
  examples: [{ name: 'سامانهٔ مدیریت داروخانه', scopes: ['registrations:read'] }],
} as const;

export const keyCreatedSchema = {
  type: 'object',
  required: ['id', 'key'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    key: { type: 'string', description: 'the key itself: shown this once, never again' },
  },
  examples: [{ id: 1, key: EXAMPLE_KEY }],
} as const;

const keySummarySchema = {
  type: 'object',
  required: ['id', 'name', 'scopes', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    scopes: { type: 'array', items: { type: 'string', enum: [...API_KEY_SCOPES] } },
    prefix: { type: 'string', description: "the key's first characters, to tell keys apart" },
    createdAt: instant,
    lastUsedAt: { anyOf: [instant, { type: 'null' }], description: 'noted at most once a minute' },
    revokedAt: { anyOf: [instant, { type: 'null' }] },
  },
} as const;

export const keyListSchema = {
  type: 'array',
  items: keySummarySchema,
  examples: [
    [
      {
        id: 1,
        name: 'سامانهٔ مدیریت داروخانه',
        scopes: ['registrations:read'],
        prefix: EXAMPLE_KEY.slice(0, 12),
        createdAt: '2026-01-10T08:00:00.000Z',
        lastUsedAt: '2026-01-12T09:30:00.000Z',
        revokedAt: null,
      },
    ],
  ],
} as const;

/** The console's filters, less `me` (a key is nobody's colleague), with the cursor and `updated_since`. */
export const readerListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...filterProperties,
    provinceId: storedInteger,
    cityId: storedInteger,
    tier: storedInteger,
    type: storedInteger,
    service: storedInteger,
    assignee: {
      type: 'string',
      // Nine digits at most: every account id fits PostgreSQL's integer.
      pattern: '^(none|[1-9][0-9]{0,8})$',
      description: "`none` (open cases nobody handles) or a colleague's account id",
    },
    updated_since: { ...instant, description: 'changed (made, or its status moved) at or after this instant' },
    cursor: { type: 'string', maxLength: 100, description: 'the `nextCursor` of the page before; none for the first' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
  },
} as const;

/**
 * Who handles a case, as another system may know it: the account id (the `assignee` filter takes
 * it) and a name made from it. Never the colleague's e-mail address or role: a key is not staff.
 */
const readerAssigneeSchema = {
  type: 'object',
  required: ['id', 'name'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', description: "the colleague's account id" },
    name: { type: 'string', description: 'a display name made from the id («کارشناس ۳»)' },
  },
} as const;

/** A case's colleague on the read routes: see readerAssigneeSchema. */
export interface ReaderAssignee {
  id: number;
  name: string;
}

const readerSummaryProperties = {
  id: { type: 'integer' },
  trackingCode: { type: 'string' },
  status: { type: 'string', enum: [...CASE_STATUSES] },
  createdAt: instant,
  updatedAt: { ...instant, description: 'its last status change, else when it was made' },
  definitionVersion: { type: 'string', description: 'the version of the form it was made under' },
  pharmacyName: { type: 'string' },
  tier: { type: 'integer' },
  type: { type: 'integer' },
  service: { type: 'integer' },
  provinceId: { type: 'integer' },
  cityId: { type: 'integer' },
  firstName: { type: 'string' },
  lastName: { type: 'string' },
  mobileNumber: { type: 'string' },
  nationalCode: { type: 'string' },
  assignee: { anyOf: [readerAssigneeSchema, { type: 'null' }] },
} as const;

export interface ReaderSummary {
  id: number;
  trackingCode: string;
  status: CaseStatus;
  createdAt: string;
  updatedAt: string;
  definitionVersion: string;
  pharmacyName: string;
  tier: number;
  type: number;
  service: number;
  provinceId: number;
  cityId: number;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  nationalCode: string;
  assignee: ReaderAssignee | null;
}

export interface ReaderPage {
  items: ReaderSummary[];
  /** Pass it as `cursor` for the next page; null when there was none when this page was read. */
  nextCursor: string | null;
}

export interface ReaderDetail extends ReaderSummary {
  address: string;
  latitude: number;
  longitude: number;
  /** As the console's reader words them. */
  answers: CaseAnswer[];
  /** The registration as it was sent and stored. */
  values: Record<string, unknown>;
}

const exampleSummary = {
  id: 42,
  trackingCode: 'K7M2Q9XA',
  status: 'approved',
  createdAt: '2026-01-10T08:00:00.000Z',
  updatedAt: '2026-01-11T10:15:00.000Z',
  definitionVersion: '3f9a2c1d',
  pharmacyName: 'داروخانه دکتر رضایی',
  tier: 1,
  type: 1,
  service: 2,
  provinceId: 8,
  cityId: 301,
  firstName: 'مریم',
  lastName: 'رضایی',
  mobileNumber: '09123456789',
  nationalCode: '0499370899',
  assignee: { id: 3, name: 'کارشناس ۳' },
} as const;

const readerSummarySchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(readerSummaryProperties),
  properties: readerSummaryProperties,
} as const;

export const readerPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items', 'nextCursor'],
  properties: {
    items: { type: 'array', items: readerSummarySchema },
    nextCursor: { type: ['string', 'null'], description: 'the next page’s cursor; null at the end' },
  },
  examples: [{ items: [exampleSummary], nextCursor: 'cjE6NDI' }],
} as const;

const detailProperties = {
  ...readerSummaryProperties,
  address: { type: 'string' },
  latitude: { type: 'number' },
  longitude: { type: 'number' },
  answers: {
    type: 'array',
    description: "the answers as the console's reader words them, in the order of the form",
    items: {
      type: 'object',
      required: ['path', 'title', 'value'],
      additionalProperties: false,
      properties: {
        path: { type: 'string', description: 'JSON Pointer of the field in `values`' },
        title: { type: 'string' },
        value: { type: 'string' },
      },
    },
  },
  values: { type: 'object', additionalProperties: true, description: 'the registration as it was sent and stored' },
} as const;

export const readerDetailSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(detailProperties),
  properties: detailProperties,
  examples: [
    {
      ...exampleSummary,
      address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
      latitude: 35.7,
      longitude: 51.4,
      answers: [{ path: '/pharmacyName', title: 'نام داروخانه', value: 'داروخانه دکتر رضایی' }],
      values: { pharmacyName: 'داروخانه دکتر رضایی' },
    },
  ],
} as const;
