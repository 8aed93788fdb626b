import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  definitionStaffPaths,
  type DefinitionVersionSummary,
  type DraftSave,
  type RollbackRequest,
} from '../../shared/definition-contract.js';
import { describeChanges } from '../../shared/definition-diff.js';
import { fileText } from '../../shared/definition-files.js';
import type { StaffRole } from '../../shared/staff-contract.js';
import { apiTags } from '../api-tags.js';
import { ApiError, errorBody, errorResponseSchema } from '../errors.js';
import type { StaffIdentity } from '../staff/staff.service.js';
import { definitionVersionOf } from './definition.js';
import * as repository from './definition.repository.js';
import { filesOf } from './definition.service.js';

/** Product staff and admins; agents get 403, and nobody here sees a registration. */
const EDITORS: readonly StaffRole[] = ['editor', 'admin'];
/** A whole definition is ~20 KB today; the draft may grow well past it, the rest of the API may not. */
const DRAFT_BODY_LIMIT = 2 * 1024 * 1024;

const { $id: _id, ...plainError } = errorResponseSchema;
const errors = { '4xx': errorResponseSchema, '5xx': errorResponseSchema } as const;

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

function editor(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new ApiError(401, 'unauthenticated');
  return request.staff;
}

function requiredNote(note: string): string {
  const trimmed = note.trim();
  if (trimmed === '') throw new ApiError(400, 'note_required');
  return trimmed;
}

/** Issue 19's staff API: versions, the draft (compare-and-set on its revision), the diff, publish and rollback. */
export const definitionRoutes: FastifyPluginAsync = async (app) => {
  const store = app.definitionStore;
  const db = () => app.database.db;
  const config = { staffRoles: EDITORS };

  app.get(
    definitionStaffPaths.versions,
    {
      config,
      schema: {
        operationId: 'listDefinitionVersions',
        tags: [apiTags.staffDefinition.name],
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
          ...errors,
        },
      },
    },
    async (_request, reply) => {
      const [live, publications, draft] = await Promise.all([
        repository.readLive(db()),
        repository.listPublications(db()),
        repository.readDraft(db()),
      ]);
      const latest = new Map<string, repository.PublicationRow>();
      for (const publication of publications) latest.set(publication.version, publication);
      const published = [...latest.values()].sort((a, b) => b.id - a.id);
      const versions: DefinitionVersionSummary[] = published.map((publication) => ({
        version: publication.version,
        state: publication.version === live?.version ? 'live' : 'past',
        publishedAt: publication.at,
        publishedBy: publication.actor,
        note: publication.note,
      }));
      if (draft) {
        const version = definitionVersionOf(filesOf(draft.texts));
        versions.unshift({ version, state: 'draft', publishedAt: null, publishedBy: null, note: null });
      }
      void reply.header('cache-control', 'no-store');
      return versions;
    },
  );

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

  app.get(
    definitionStaffPaths.draft,
    {
      config,
      schema: {
        operationId: 'getDefinitionDraft',
        tags: [apiTags.staffDefinition.name],
        description:
          'The draft’s revision, its files (paths relative to schemas/) with their texts, and the problems the definition checker finds in it.',
        summary: 'The draft: its revision, files (paths relative to schemas/), texts and the checker’s problems',
        response: { 200: draftAnswer, ...errors },
      },
    },
    async (_request, reply) => {
      const draft = await store.readDraft();
      void reply.header('cache-control', 'no-store');
      return { ...draft, files: filesOf(draft.texts) };
    },
  );

  app.put<{ Body: DraftSave }>(
    definitionStaffPaths.draft,
    {
      config,
      bodyLimit: DRAFT_BODY_LIMIT,
      schema: {
        operationId: 'saveDefinitionDraft',
        tags: [apiTags.staffDefinition.name],
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
          ...errors,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return store.saveDraft(request.body, editor(request).accountId);
    },
  );

  app.get(
    definitionStaffPaths.diff,
    {
      config,
      schema: {
        operationId: 'getDefinitionDiff',
        tags: [apiTags.staffDefinition.name],
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
                    kind: { type: 'string', enum: ['added', 'removed', 'changed'] },
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
                    status: { type: 'string', enum: ['added', 'removed', 'changed'] },
                    live: { type: ['string', 'null'] },
                    draft: { type: ['string', 'null'] },
                  },
                },
              },
            },
          },
          ...errors,
        },
      },
    },
    async (_request, reply) => {
      const live = store.live();
      const draft = await store.readDraft();
      const draftFiles = filesOf(draft.texts);
      const paths = [...new Set([...Object.keys(live.files), ...Object.keys(draft.texts)])].sort();
      const files = paths.flatMap((file) => {
        const liveText = Object.hasOwn(live.files, file) ? fileText(live.files[file]) : null;
        const draftText = Object.hasOwn(draftFiles, file)
          ? fileText(draftFiles[file])
          : Object.hasOwn(draft.texts, file)
            ? draft.texts[file]
            : null;
        if (liveText === draftText) return [];
        const status = liveText === null ? 'added' : draftText === null ? 'removed' : 'changed';
        return [{ file, status, live: liveText, draft: draftText }];
      });
      void reply.header('cache-control', 'no-store');
      return {
        liveVersion: live.version,
        draftVersion: definitionVersionOf(draftFiles),
        revision: draft.revision,
        changes: describeChanges(live.files, draftFiles),
        files,
      };
    },
  );

  app.post<{ Body: { note: string } }>(
    definitionStaffPaths.publish,
    {
      config,
      schema: {
        operationId: 'publishDefinition',
        tags: [apiTags.staffDefinition.name],
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
      },
    },
    async (request, reply) => {
      const note = requiredNote(request.body.note);
      const outcome = await store.publish(editor(request).accountId, note);
      void reply.header('cache-control', 'no-store');
      if ('version' in outcome) return outcome;
      const body = errorBody('definition_problems');
      return reply.code(400).send({ error: { ...body.error, problems: outcome.problems } });
    },
  );

  app.post<{ Body: RollbackRequest }>(
    definitionStaffPaths.rollback,
    {
      config,
      schema: {
        operationId: 'rollBackDefinition',
        tags: [apiTags.staffDefinition.name],
        description: 'Makes an earlier version live again; needs a note. Audited.',
        summary: 'Publishes an earlier version again (a note is required)',
        body: {
          type: 'object',
          required: ['version', 'note'],
          additionalProperties: false,
          properties: { version: versionSchema, note: noteSchema },
        },
        response: { 200: versionAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const note = requiredNote(request.body.note);
      void reply.header('cache-control', 'no-store');
      return store.rollback(editor(request).accountId, request.body.version, note);
    },
  );
};
