import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { definitionStaffPaths } from '../../shared/contracts/definition.js';
import type { DefinitionVersionSummary } from '../../shared/contracts/definition.schemas.js';
import { definitionVersionOf } from '../definition/definition.js';
import { filesOf } from '../definition/definition-store.js';
import * as versions from '../definition/definition.repository.js';
import { ApiError, errorBody } from '../errors.js';
import type { StaffIdentity } from '../staff-identity.js';
import {
  diffSchema,
  DRAFT_BODY_LIMIT,
  EDITORS,
  getDraftSchema,
  listVersionsSchema,
  publishSchema,
  rollbackSchema,
  saveDraftSchema,
} from './definition-publishing.schemas.js';
import { draftDiff } from './draft-diff.js';
import { readDraft } from './draft.repository.js';

const config = { staffRoles: EDITORS };

function editor(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new ApiError(401, 'unauthenticated');
  return request.staff;
}

function requiredNote(note: string): string {
  const trimmed = note.trim();
  if (trimmed === '') throw new ApiError(400, 'note_required');
  return trimmed;
}

/** Each published version, newest first, then the draft. */
const versionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.database.db;

  app.get(definitionStaffPaths.versions, { config, schema: listVersionsSchema }, async (_request, reply) => {
    const [live, publications, draft] = await Promise.all([
      versions.readLive(db()),
      versions.listPublications(db()),
      readDraft(db()),
    ]);
    const latest = new Map<string, versions.PublicationRow>();
    for (const publication of publications) latest.set(publication.version, publication);
    const published = [...latest.values()].sort((a, b) => b.id - a.id);
    const summaries: DefinitionVersionSummary[] = published.map((publication) => ({
      version: publication.version,
      state: publication.version === live?.version ? 'live' : 'past',
      publishedAt: publication.at,
      publishedBy: publication.actor,
      note: publication.note,
    }));
    if (draft) {
      const version = definitionVersionOf(filesOf(draft.texts));
      summaries.unshift({ version, state: 'draft', publishedAt: null, publishedBy: null, note: null });
    }
    void reply.header('cache-control', 'no-store');
    return summaries;
  });
};

/** The draft: read it, save it (compare-and-set on its revision), and what publishing it would change. */
const draftRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publishing = app.definitionPublishing;

  app.get(definitionStaffPaths.draft, { config, schema: getDraftSchema }, async (_request, reply) => {
    const draft = await publishing.readDraft();
    void reply.header('cache-control', 'no-store');
    return { ...draft, files: filesOf(draft.texts) };
  });

  app.put(
    definitionStaffPaths.draft,
    { config, bodyLimit: DRAFT_BODY_LIMIT, schema: saveDraftSchema },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return publishing.saveDraft(request.body, editor(request).accountId);
    },
  );

  app.get(definitionStaffPaths.diff, { config, schema: diffSchema }, async (_request, reply) => {
    const diff = draftDiff(app.definitions.live(), await publishing.readDraft());
    void reply.header('cache-control', 'no-store');
    return diff;
  });
};

/** Publish the draft, or roll back to an earlier version (both need a note, both are audited). */
const publishRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publishing = app.definitionPublishing;

  app.post(definitionStaffPaths.publish, { config, schema: publishSchema }, async (request, reply) => {
    const note = requiredNote(request.body.note);
    const outcome = await publishing.publish(editor(request).accountId, note);
    void reply.header('cache-control', 'no-store');
    if ('version' in outcome) return outcome;
    const body = errorBody('definition_problems');
    return reply.code(400).send({ error: { ...body.error, problems: outcome.problems } });
  });

  app.post(definitionStaffPaths.rollback, { config, schema: rollbackSchema }, async (request, reply) => {
    const note = requiredNote(request.body.note);
    void reply.header('cache-control', 'no-store');
    return publishing.rollback(editor(request).accountId, request.body.version, note);
  });
};

/** The definition's staff API: versions, the draft (compare-and-set on its revision), the diff, publish and rollback. */
export const definitionPublishingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(versionRoutes);
  await app.register(draftRoutes);
  await app.register(publishRoutes);
};
