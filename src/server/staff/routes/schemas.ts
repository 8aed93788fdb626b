/** The JSON schemas of the staff routes' requests and answers (src/shared/contracts/staff.ts in JSON Schema). */
import { CASE_STATUSES, LIST_SORTS, STAFF_ROLES, type DuplicateReason } from '../../../shared/contracts/staff.js';
import { auditEventSchema } from '../../audit/audit.schemas.js';
import { instant, titledChoicesSchema } from '../../api.schemas.js';

const MAX_NOTE = 2000;

const status = { type: 'string', enum: [...CASE_STATUSES] } as const;
const role = { type: 'string', enum: [...STAFF_ROLES] } as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, description: 'the registration id' } },
} as const;

export const meSchema = {
  type: 'object',
  required: ['id', 'email', 'role'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1 }, email: { type: 'string' }, role },
} as const;

export const colleagueSchema = {
  type: 'object',
  required: ['id', 'email', 'role'],
  additionalProperties: false,
  properties: { id: { type: 'integer' }, email: { type: 'string' }, role },
} as const;

/** The list's filters, also the export's. */
export const filterProperties = {
  q: {
    type: 'string',
    maxLength: 100,
    description: 'a tracking code, part of a pharmacy name, a mobile or a national code (Persian or ASCII digits)',
  },
  status,
  provinceId: { type: 'integer' },
  cityId: { type: 'integer' },
  tier: { type: 'integer' },
  type: { type: 'integer' },
  service: { type: 'integer' },
  from: { ...instant, description: 'registered at or after this instant' },
  to: { ...instant, description: 'registered before this instant' },
  assignee: {
    type: 'string',
    pattern: '^(me|none|[1-9][0-9]{0,9})$',
    description: "`me`, `none` (nobody handles it) or a colleague's account id",
  },
} as const;

export const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...filterProperties,
    page: { type: 'integer', minimum: 1, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
    sort: { type: 'string', enum: [...LIST_SORTS], default: 'created_at' },
    direction: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
  },
} as const;

const summaryProperties = {
  id: { type: 'integer' },
  trackingCode: { type: 'string' },
  status,
  createdAt: instant,
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
  assignee: { anyOf: [colleagueSchema, { type: 'null' }] },
  waitingSince: { anyOf: [instant, { type: 'null' }], description: 'while open: the last status change' },
} as const;

const caseSummarySchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(summaryProperties),
  properties: summaryProperties,
} as const;

export const casePageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['total', 'page', 'pageSize', 'unassigned', 'items'],
  properties: {
    total: { type: 'integer' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
    unassigned: { type: 'integer', description: 'open cases nobody handles, over the whole table' },
    items: { type: 'array', items: caseSummarySchema },
  },
} as const;

const duplicateReasons: DuplicateReason[] = ['national_code', 'mobile_number', 'name_in_city'];

export const caseDetailSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    ...Object.keys(summaryProperties),
    'address',
    'latitude',
    'longitude',
    'definitionVersion',
    'next',
    'answers',
    'notes',
    'timeline',
    'duplicates',
  ],
  properties: {
    ...summaryProperties,
    address: { type: 'string' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    definitionVersion: { type: 'string' },
    next: { type: 'array', items: status },
    answers: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'title', 'value'],
        properties: {
          path: { type: 'string', description: 'JSON Pointer of the field in the registration' },
          title: { type: 'string' },
          value: { type: 'string', description: 'as the wizard’s review step shows it' },
        },
      },
    },
    notes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'body', 'createdAt', 'author'],
        properties: {
          id: { type: 'integer' },
          body: { type: 'string' },
          createdAt: instant,
          author: { type: 'string' },
        },
      },
    },
    timeline: { type: 'array', items: auditEventSchema },
    duplicates: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'trackingCode', 'pharmacyName', 'status', 'reasons'],
        properties: {
          id: { type: 'integer' },
          trackingCode: { type: 'string' },
          pharmacyName: { type: 'string' },
          status,
          reasons: { type: 'array', items: { type: 'string', enum: duplicateReasons } },
        },
      },
    },
  },
} as const;

const statusBodyProperties = {
  from: status,
  to: status,
  reason: { type: 'string', maxLength: MAX_NOTE, description: 'required to reject' },
  showReason: { type: 'boolean', description: '«نمایش به متقاضی»: the status page shows the reason' },
} as const;

export const statusBodySchema = {
  type: 'object',
  required: ['from', 'to'],
  additionalProperties: false,
  properties: statusBodyProperties,
} as const;

export const noteBodySchema = {
  type: 'object',
  required: ['body'],
  additionalProperties: false,
  properties: { body: { type: 'string', maxLength: MAX_NOTE } },
} as const;

export const bulkStatusBodySchema = {
  type: 'object',
  required: ['ids', 'from', 'to'],
  additionalProperties: false,
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: { type: 'integer', minimum: 1 } },
    ...statusBodyProperties,
  },
} as const;

export const bulkStatusAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['results'],
  properties: {
    results: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'ok'],
        properties: {
          id: { type: 'integer' },
          ok: { type: 'boolean' },
          code: { type: 'string', enum: ['status_conflict', 'not_found'] },
        },
      },
    },
  },
} as const;

const accountId = { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] } as const;

export const assignBodySchema = {
  type: 'object',
  required: ['from', 'to'],
  additionalProperties: false,
  properties: {
    from: { ...accountId, description: 'who handles it now (compare-and-set); null for nobody' },
    to: { ...accountId, description: 'who handles it next; null for nobody' },
  },
} as const;

const filterField = {
  type: 'object',
  required: ['title', 'choices'],
  additionalProperties: false,
  properties: { title: { type: 'string' }, choices: titledChoicesSchema },
} as const;

export const filterChoicesSchema = {
  type: 'object',
  required: ['tier', 'type', 'service'],
  additionalProperties: false,
  properties: { tier: filterField, type: filterField, service: filterField },
} as const;
