/**
 * Everything the browser receives for a version of the definition (issue 19): a preparer that
 * makes its artifacts (definition/artifacts.ts) before the version is served, here and in every
 * other process; the immutable `definition.json` and `validators.js` of each stored version; and
 * the same two of the draft for the staff preview, opened by a preview token that editors and
 * admins are given (definition/preview-token.ts).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { definitionAssetPaths, VERSION_PATTERN } from '../../shared/definition-assets.js';
import { ArtifactStore, type CompressedBody } from '../definition/artifacts.js';
import type { Definition } from '../definition/definition.js';
import { PREVIEW_TOKEN_PATTERN, previewTokens } from '../definition/preview-token.js';
import { apiTags } from '../api-tags.js';
import { ApiError, errorResponseSchema } from '../errors.js';
import { etagMatches, registerConfigOf } from '../routes/config.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The artifacts of each version this process serves (pages, validators, definition.json). */
    definitionArtifacts: ArtifactStore;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const errors = { '4xx': errorResponseSchema, '5xx': errorResponseSchema };
const versionParams = {
  type: 'object',
  required: ['version'],
  properties: { version: { type: 'string', pattern: VERSION_PATTERN } },
} as const;
const revisionQuery = {
  type: 'object',
  required: ['revision'],
  properties: { revision: { type: 'integer', minimum: 0 } },
} as const;
const tokenQuery = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', pattern: PREVIEW_TOKEN_PATTERN } },
} as const;
const previewTokenAnswer = {
  type: 'object',
  required: ['token', 'expiresAt'],
  additionalProperties: false,
  properties: { token: { type: 'string' }, expiresAt: { type: 'integer' } },
} as const;
const definitionDocument = {
  type: 'object',
  required: ['version', 'files'],
  properties: { version: { type: 'string' }, files: { type: 'object', additionalProperties: true } },
} as const;
const javascript = { type: 'string', description: 'An ES module (text/javascript)' } as const;
const JAVASCRIPT = 'text/javascript; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends a precompressed body in the encoding the client takes. */
export function sendCompressed(
  reply: FastifyReply,
  body: CompressedBody,
  type: string,
  cacheControl: string,
): FastifyReply {
  void reply.header('cache-control', cacheControl).header('vary', 'accept-encoding').header('etag', body.etag);
  if (etagMatches(reply.request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  void reply.type(type);
  const accepted = String(reply.request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}

export default fp(
  async (app) => {
    const artifacts = new ArtifactStore({ ssrDir: app.config.ssrDir, registerConfigOf });
    app.decorate('definitionArtifacts', artifacts);
    app.definitions.addPreparer(async (definition) => {
      await artifacts.of(definition);
    });
  },
  { name: 'definition-assets', fastify: '5.x', dependencies: ['definition'] },
);

/** The routes (registered with the other routes, after the OpenAPI plugin that collects them). */
export const definitionAssetRoutes: FastifyPluginAsync = async (app) => {
  const artifacts = app.definitionArtifacts;

  const stored = async (version: string): Promise<Definition> => {
    const definition = await app.definitions.byVersion(version);
    if (!definition) throw new ApiError(404, 'version_unknown');
    return definition;
  };
  /** The draft at the revision the preview asked for, when it has no problem. */
  const draft = async (revision: number): Promise<Definition> => {
    const current = await app.definitions.draftDefinition();
    if (current.revision !== revision) throw new ApiError(409, 'draft_stale');
    if (!current.definition) throw new ApiError(400, 'definition_problems');
    return current.definition;
  };
  const tokens = previewTokens(app.config.csrfSecret, app.clock);
  /** The draft a preview token was signed for, while it is still the draft. */
  const previewed = async (token: string): Promise<Definition> => {
    const checked = tokens.check(token);
    if (!checked.ok) throw new ApiError(403, checked.reason === 'expired' ? 'preview_expired' : 'preview_invalid');
    const definition = await draft(checked.draft.revision);
    if (definition.version !== checked.draft.version) throw new ApiError(403, 'preview_invalid');
    return definition;
  };

  app.get<{ Params: { version: string } }>(
    definitionAssetPaths.definition(':version'),
    {
      schema: {
        operationId: 'getDefinitionFiles',
        tags: [apiTags.definition.name],
        description:
          'The files of one published version, which the wizard loads at run time; immutable, as the version is their hash.',
        summary: "A version's files (immutable: the version is their hash)",
        params: versionParams,
        response: { 200: definitionDocument, 304: { type: 'null' }, ...errors },
      },
    },
    async (request, reply) => {
      const made = await artifacts.scriptsOf(await stored(request.params.version));
      return sendCompressed(reply, made.definitionJson, JSON_TYPE, IMMUTABLE);
    },
  );

  app.get<{ Params: { version: string } }>(
    definitionAssetPaths.validators(':version'),
    {
      schema: {
        operationId: 'getDefinitionValidators',
        tags: [apiTags.definition.name],
        description:
          'The precompiled validators of one published version as an ES module (ajv standalone code); immutable.',
        summary: "A version's validators: an ES module of ajv standalone code (immutable)",
        params: versionParams,
        response: { 200: javascript, 304: { type: 'null' }, ...errors },
      },
    },
    async (request, reply) => {
      const made = await artifacts.scriptsOf(await stored(request.params.version));
      return sendCompressed(reply, made.validatorsJs, JAVASCRIPT, IMMUTABLE);
    },
  );

  app.get<{ Querystring: { revision: number } }>(
    definitionAssetPaths.previewToken,
    {
      config: { staffRoles: ['editor', 'admin'] },
      schema: {
        operationId: 'getDefinitionPreviewToken',
        tags: [apiTags.staffDefinition.name],
        description:
          'A token that lets the preview frame (sandboxed, without the staff cookie) read the draft’s files and validators at this revision for 15 minutes, and nothing else (editors and admins).',
        summary: 'A short-lived token for the preview of the draft at a revision (editors and admins)',
        querystring: revisionQuery,
        response: { 200: previewTokenAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { revision } = request.query;
      const definition = await draft(revision);
      void reply.header('cache-control', 'no-store');
      return tokens.issue({ revision, version: definition.version });
    },
  );

  // The preview's frame is an opaque origin, without the staff cookie: the token in the address is
  // the only key (any origin may read the answer: security-headers.ts). Never cached: the address
  // carries the token.
  app.get<{ Querystring: { token: string } }>(
    definitionAssetPaths.draftDefinition,
    {
      schema: {
        operationId: 'getDraftDefinitionFiles',
        tags: [apiTags.definition.name],
        description:
          'The draft’s files, so the preview renders the wizard as it would be published; opened by a preview token (no cookie), refused once the token expires or the draft changes.',
        summary: "The draft's files, for the preview (a preview token)",
        querystring: tokenQuery,
        response: { 200: definitionDocument, 304: { type: 'null' }, ...errors },
      },
    },
    async (request, reply) => {
      const made = await artifacts.scriptsOf(await previewed(request.query.token));
      return sendCompressed(reply, made.definitionJson, JSON_TYPE, 'no-store');
    },
  );

  app.get<{ Querystring: { token: string } }>(
    definitionAssetPaths.draftValidators,
    {
      schema: {
        operationId: 'getDraftDefinitionValidators',
        tags: [apiTags.definition.name],
        description: 'The draft’s validators, for the preview; opened by a preview token (no cookie).',
        summary: "The draft's validators, for the preview (a preview token)",
        querystring: tokenQuery,
        response: { 200: javascript, 304: { type: 'null' }, ...errors },
      },
    },
    async (request, reply) => {
      const made = await artifacts.scriptsOf(await previewed(request.query.token));
      return sendCompressed(reply, made.validatorsJs, JAVASCRIPT, 'no-store');
    },
  );
};
