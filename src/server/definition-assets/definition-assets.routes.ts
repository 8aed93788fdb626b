import type { FastifyPluginAsync } from 'fastify';
import { definitionAssetPaths } from '../../shared/definition/definition-assets.js';
import { apiTags } from '../api-tags.js';
import { ApiError, errorResponses } from '../errors.js';
import { sendCompressed } from './compressed-reply.js';
import {
  definitionDocument,
  IMMUTABLE,
  javascript,
  JAVASCRIPT,
  JSON_TYPE,
  versionParams,
} from './definition-assets.schemas.js';
import type { Definition } from '../definition/definition.js';

/**
 * The immutable `definition.json` and `validators.js` of each stored version (the artifacts made
 * by the preparer of definition-assets/definition-assets.plugin.ts). Registered with the other routes, after the
 * OpenAPI plugin that collects them.
 */
export const definitionAssetRoutes: FastifyPluginAsync = async (app) => {
  const artifacts = app.definitionArtifacts;
  const stored = async (version: string): Promise<Definition> => {
    const definition = await app.definitions.byVersion(version);
    if (!definition) throw new ApiError(404, 'version_unknown');
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
        response: { 200: definitionDocument, 304: { type: 'null' }, ...errorResponses },
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
        response: { 200: javascript, 304: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const made = await artifacts.scriptsOf(await stored(request.params.version));
      return sendCompressed(reply, made.validatorsJs, JAVASCRIPT, IMMUTABLE);
    },
  );
};
