/** The JSON schemas of the staff definition routes (src/shared/contracts/definition.ts in JSON Schema). */
import type { StaffRole } from '../../shared/contracts/staff.js';
import { apiTags } from '../api-tags.js';
import { errorResponseSchema, errorResponses } from '../errors.js';

/** Product staff and admins; agents get 403, and nobody here sees a registration. */
export const EDITORS: readonly StaffRole[] = ['editor', 'admin'];
/** A whole definition is ~20 KB today; the draft may grow well past it, the rest of the API may not. */
export const DRAFT_BODY_LIMIT = 2 * 1024 * 1024;

const { $id: _id, ...plainError } = errorResponseSchema;
const tags = [apiTags.staffDefinition.name];

const problemSchema = {
  type: 'object',
  required: ['file', 'line', 'pointer', 'message', 'level', 'code'],
  additionalProperties: false,
  properties: {
    file: { type: 'string' },
    line: { type: ['integer', 'null'] },
    pointer: { type: 'string' },
    message: { type: 'string' },
    level: { type: 'string', enum: ['error', 'warning'] },
    code: { type: 'string' },
  },
} as const;
const problemsSchema = { type: 'array', items: problemSchema } as const;
const filesSchema = { type: 'object', additionalProperties: true } as const;
const textsSchema = { type: 'object', additionalProperties: { type: 'string' } } as const;
const noteSchema = { type: 'string', maxLength: 2000 } as const;
const versionSchema = { type: 'string', pattern: '^[0-9a-f]{12}$' } as const;
const versionAnswerSchema = {
  type: 'object',
  required: ['version'],
  additionalProperties: false,
  properties: { version: { type: 'string' } },
} as const;
/** A refused publish says what the checker found, beside the usual message and code. */
const publishRefusalSchema = {
  ...plainError,
  properties: {
    error: {
      ...plainError.properties.error,
      properties: { ...plainError.properties.error.properties, problems: problemsSchema },
    },
  },
} as const;

export const listVersionsSchema = {
  operationId: 'listDefinitionVersions',
  tags,
  description:
    'Each published version with its state (live, accepted, past), when and by whom it was published and its note; then the draft.',
  summary: 'Every published version of the form (newest first) and the draft',
  response: {
    200: {
      type: 'array',
      items: {
        type: 'object',
        required: ['version', 'state', 'publishedAt', 'publishedBy', 'note'],
        additionalProperties: false,
        properties: {
          version: { type: 'string' },
          state: { type: 'string', enum: ['live', 'draft', 'past'] },
          publishedAt: { type: ['integer', 'null'] },
          publishedBy: { type: ['string', 'null'] },
          note: { type: ['string', 'null'] },
        },
      },
    },
    ...errorResponses,
  },
} as const;

const draftAnswer = {
  type: 'object',
  required: ['revision', 'files', 'texts', 'baseVersion', 'problems'],
  additionalProperties: false,
  properties: {
    revision: { type: 'integer' },
    files: filesSchema,
    texts: textsSchema,
    baseVersion: { type: 'string' },
    problems: problemsSchema,
  },
} as const;

export const getDraftSchema = {
  operationId: 'getDefinitionDraft',
  tags,
  description:
    'The draft’s revision, its files (paths relative to schemas/) with their texts, and the problems the definition checker finds in it.',
  summary: 'The draft: its revision, files (paths relative to schemas/), texts and the checker’s problems',
  response: { 200: draftAnswer, ...errorResponses },
} as const;

export const saveDraftSchema = {
  operationId: 'saveDefinitionDraft',
  tags,
  description:
    'Compare-and-set on `revision`: 409 `draft_stale` when a colleague saved in between. Answers the new revision and the checker’s problems.',
  summary: 'Saves the draft if nobody saved it since `revision` (else 409); answers the checker’s problems',
  body: {
    type: 'object',
    required: ['revision', 'files'],
    additionalProperties: false,
    properties: { revision: { type: 'integer', minimum: 0 }, files: filesSchema, texts: textsSchema },
  },
  response: {
    200: {
      type: 'object',
      required: ['revision', 'problems'],
      additionalProperties: false,
      properties: { revision: { type: 'integer' }, problems: problemsSchema },
    },
    ...errorResponses,
  },
} as const;

const changeKind = { type: 'string', enum: ['added', 'removed', 'changed'] } as const;

export const diffSchema = {
  operationId: 'getDefinitionDiff',
  tags,
  description:
    'What publishing the draft would change, in Persian words, and each changed file’s text before and after.',
  summary: 'The draft against the live version: the changes in words, and each changed file’s two texts',
  response: {
    200: {
      type: 'object',
      required: ['liveVersion', 'draftVersion', 'revision', 'changes', 'files'],
      additionalProperties: false,
      properties: {
        liveVersion: { type: 'string' },
        draftVersion: { type: 'string' },
        revision: { type: 'integer' },
        changes: {
          type: 'array',
          items: {
            type: 'object',
            required: ['kind', 'subject', 'file', 'pointer', 'words'],
            additionalProperties: false,
            properties: {
              kind: changeKind,
              subject: { type: 'string' },
              file: { type: 'string' },
              pointer: { type: 'string' },
              words: { type: 'string' },
            },
          },
        },
        files: {
          type: 'array',
          items: {
            type: 'object',
            required: ['file', 'status', 'live', 'draft'],
            additionalProperties: false,
            properties: {
              file: { type: 'string' },
              status: changeKind,
              live: { type: ['string', 'null'] },
              draft: { type: ['string', 'null'] },
            },
          },
        },
      },
    },
    ...errorResponses,
  },
} as const;

export const publishSchema = {
  operationId: 'publishDefinition',
  tags,
  description:
    'Makes the draft the live version for every process; needs a note, and is refused with the checker’s problems while it has any. Audited.',
  summary: 'Publishes the draft (a note is required); 400 with the checker’s problems while it has any',
  body: {
    type: 'object',
    required: ['note'],
    additionalProperties: false,
    properties: { note: noteSchema },
  },
  response: { 200: versionAnswerSchema, '4xx': publishRefusalSchema, '5xx': errorResponseSchema },
} as const;

export const rollbackSchema = {
  operationId: 'rollBackDefinition',
  tags,
  description: 'Makes an earlier version live again; needs a note. Audited.',
  summary: 'Publishes an earlier version again (a note is required)',
  body: {
    type: 'object',
    required: ['version', 'note'],
    additionalProperties: false,
    properties: { version: versionSchema, note: noteSchema },
  },
  response: { 200: versionAnswerSchema, ...errorResponses },
} as const;
