import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { definitionAssetPaths } from '../../shared/definition/definition-assets.js';
import { DefinitionDocument, PreviewTokenAnswer } from '../../shared/contracts/definition.schemas.js';
import { Nothing } from '../api.schemas.js';
import { apiTags } from '../api-tags.js';
import { sendCompressed } from '../definition-assets/compressed-reply.js';
import { Javascript, JAVASCRIPT, JSON_TYPE } from '../definition-assets/definition-assets.schemas.js';
import type { Definition } from '../definition/definition.js';
import { ApiError, errorResponses } from '../errors.js';
import { EDITORS } from './definition-publishing.schemas.js';
import { PREVIEW_TOKEN_PATTERN, previewTokens } from './preview-token.js';

const RevisionQuery = Type.Object({ revision: Type.Integer({ minimum: 0 }) });
const TokenQuery = Type.Object({ token: Type.String({ pattern: PREVIEW_TOKEN_PATTERN }) });

/**
 * The staff preview of the draft: editors and admins are given a preview token (preview-token.ts)
 * that opens the draft's `definition.json` and `validators.js`, made by the same artifacts as a
 * published version's.
 */
export const draftPreviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const artifacts = app.definitionArtifacts;
  /** The draft at the revision the preview asked for, when it has no problem. */
  const draft = async (revision: number): Promise<Definition> => {
    const current = await app.definitionPublishing.draftDefinition();
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

  app.get(
    definitionAssetPaths.previewToken,
    {
      config: { staffRoles: EDITORS },
      schema: {
        operationId: 'getDefinitionPreviewToken',
        tags: [apiTags.staffDefinition.name],
        description:
          'A token that lets the preview frame (sandboxed, without the staff cookie) read the draft’s files and validators at this revision for 15 minutes, and nothing else (editors and admins).',
        summary: 'A short-lived token for the preview of the draft at a revision (editors and admins)',
        querystring: RevisionQuery,
        response: { 200: PreviewTokenAnswer, ...errorResponses },
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
  app.get(
    definitionAssetPaths.draftDefinition,
    {
      schema: {
        operationId: 'getDraftDefinitionFiles',
        tags: [apiTags.definition.name],
        description:
          'The draft’s files, so the preview renders the wizard as it would be published; opened by a preview token (no cookie), refused once the token expires or the draft changes.',
        summary: "The draft's files, for the preview (a preview token)",
        querystring: TokenQuery,
        response: { 200: DefinitionDocument, 304: Nothing(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const made = await artifacts.scriptsOf(await previewed(request.query.token));
      return sendCompressed(reply, made.definitionJson, JSON_TYPE, 'no-store');
    },
  );

  app.get(
    definitionAssetPaths.draftValidators,
    {
      schema: {
        operationId: 'getDraftDefinitionValidators',
        tags: [apiTags.definition.name],
        description: 'The draft’s validators, for the preview; opened by a preview token (no cookie).',
        summary: "The draft's validators, for the preview (a preview token)",
        querystring: TokenQuery,
        response: { 200: Javascript, 304: Nothing(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const made = await artifacts.scriptsOf(await previewed(request.query.token));
      return sendCompressed(reply, made.validatorsJs, JAVASCRIPT, 'no-store');
    },
  );
};
