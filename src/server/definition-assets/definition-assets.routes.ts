import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { definitionAssetPaths } from '../../shared/definition/definition-assets.js';
import { DefinitionDocument } from '../../shared/contracts/definition.schemas.js';
import { Nothing } from '../api.schemas.js';
import { apiTags } from '../api-tags.js';
import { ApiError, errorResponses } from '../errors.js';
import { sendCompressed } from './compressed-reply.js';
import { IMMUTABLE, Javascript, JAVASCRIPT, JSON_TYPE, VersionParams } from './definition-assets.schemas.js';
import type { Definition } from '../definition/definition.js';

/**
 * The immutable `definition.json` and `validators.js` of each stored version (the artifacts made
 * by the preparer of definition-assets/definition-assets.plugin.ts). Registered with the other routes, after the
 * OpenAPI plugin that collects them.
 */
export const definitionAssetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const artifacts = app.definitionArtifacts;
  const stored = async (version: string): Promise<Definition> => {
    const definition = await app.definitions.byVersion(version);
    if (!definition) throw new ApiError(404, 'version_unknown');
    return definition;
  };

  app.get(
    definitionAssetPaths.definition(':version'),
    {
      schema: {
        operationId: 'getDefinitionFiles',
        tags: [apiTags.definition.name],
        description:
          'The files of one published version, which the wizard loads at run time; immutable, as the version is their hash.',
        summary: "A version's files (immutable: the version is their hash)",
        params: VersionParams,
        response: { 200: DefinitionDocument, 304: Nothing(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const made = await artifacts.scriptsOf(await stored(request.params.version));
      return sendCompressed(reply, made.definitionJson, JSON_TYPE, IMMUTABLE);
    },
  );

  app.get(
    definitionAssetPaths.validators(':version'),
    {
      schema: {
        operationId: 'getDefinitionValidators',
        tags: [apiTags.definition.name],
        description:
          'The precompiled validators of one published version as an ES module (ajv standalone code); immutable.',
        summary: "A version's validators: an ES module of ajv standalone code (immutable)",
        params: VersionParams,
        response: { 200: Javascript, 304: Nothing(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const made = await artifacts.scriptsOf(await stored(request.params.version));
      return sendCompressed(reply, made.validatorsJs, JAVASCRIPT, IMMUTABLE);
    },
  );
};
