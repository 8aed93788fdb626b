/** The JSON schemas and content types of the definition's assets (definition.json, validators.js), a version's or the draft's. */
import { VERSION_PATTERN } from '../../shared/definition/definition-assets.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const JAVASCRIPT = 'text/javascript; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';

export const versionParams = {
  type: 'object',
  required: ['version'],
  properties: { version: { type: 'string', pattern: VERSION_PATTERN } },
} as const;
export const definitionDocument = {
  type: 'object',
  required: ['version', 'files'],
  properties: { version: { type: 'string' }, files: { type: 'object', additionalProperties: true } },
} as const;
export const javascript = { type: 'string', description: 'An ES module (text/javascript)' } as const;
