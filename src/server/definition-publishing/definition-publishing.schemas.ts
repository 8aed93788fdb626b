/** The staff definition routes' schemas: the shapes of src/shared/contracts/definition.schemas.ts, with each route's words. */
import { Type } from 'typebox';
import type { StaffRole } from '../../shared/contracts/staff.js';
import { ApiErrorBody } from '../../shared/contracts/common.schemas.js';
import {
  DefinitionDiff,
  DefinitionProblem,
  DefinitionVersionSummary,
  DraftAnswer,
  DraftSave,
  DraftSaved,
  PublishAnswer,
  PublishRequest,
  RollbackRequest,
} from '../../shared/contracts/definition.schemas.js';
import { apiTags } from '../api-tags.js';
import { errorResponseSchema, errorResponses } from '../errors.js';

/** Product staff and admins; agents get 403, and nobody here sees a registration. */
export const EDITORS: readonly StaffRole[] = ['editor', 'admin'];
/** A whole definition is ~20 KB today; the draft may grow well past it, the rest of the API may not. */
export const DRAFT_BODY_LIMIT = 2 * 1024 * 1024;

const tags = [apiTags.staffDefinition.name];

/** A refused publish says what the checker found, beside the usual message and code. */
const PublishRefusal = Type.Object(
  {
    error: Type.Interface(
      [ApiErrorBody.properties.error],
      { problems: Type.Optional(Type.Array(DefinitionProblem)) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const listVersionsSchema = {
  operationId: 'listDefinitionVersions',
  tags,
  description:
    'Each published version with its state (live, accepted, past), when and by whom it was published and its note; then the draft.',
  summary: 'Every published version of the form (newest first) and the draft',
  response: { 200: Type.Array(DefinitionVersionSummary), ...errorResponses },
};

export const getDraftSchema = {
  operationId: 'getDefinitionDraft',
  tags,
  description:
    'The draft’s revision, its files (paths relative to schemas/) with their texts, and the problems the definition checker finds in it.',
  summary: 'The draft: its revision, files (paths relative to schemas/), texts and the checker’s problems',
  response: { 200: DraftAnswer, ...errorResponses },
};

export const saveDraftSchema = {
  operationId: 'saveDefinitionDraft',
  tags,
  description:
    'Compare-and-set on `revision`: 409 `draft_stale` when a colleague saved in between. Answers the new revision and the checker’s problems.',
  summary: 'Saves the draft if nobody saved it since `revision` (else 409); answers the checker’s problems',
  body: DraftSave,
  response: { 200: DraftSaved, ...errorResponses },
};

export const diffSchema = {
  operationId: 'getDefinitionDiff',
  tags,
  description:
    'What publishing the draft would change, in Persian words, and each changed file’s text before and after.',
  summary: 'The draft against the live version: the changes in words, and each changed file’s two texts',
  response: { 200: DefinitionDiff, ...errorResponses },
};

export const publishSchema = {
  operationId: 'publishDefinition',
  tags,
  description:
    'Makes the draft the live version for every process; needs a note, and is refused with the checker’s problems while it has any. Audited.',
  summary: 'Publishes the draft (a note is required); 400 with the checker’s problems while it has any',
  body: PublishRequest,
  response: { 200: PublishAnswer, '4xx': PublishRefusal, '5xx': errorResponseSchema },
};

export const rollbackSchema = {
  operationId: 'rollBackDefinition',
  tags,
  description: 'Makes an earlier version live again; needs a note. Audited.',
  summary: 'Publishes an earlier version again (a note is required)',
  body: RollbackRequest,
  response: { 200: PublishAnswer, ...errorResponses },
};
