/** The route schemas and content types of the definition's assets (definition.json, validators.js), a version's or the draft's. */
import { Type } from 'typebox';
import { VERSION_PATTERN } from '../../shared/definition/definition-assets.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const JAVASCRIPT = 'text/javascript; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';

export const VersionParams = Type.Object({ version: Type.String({ pattern: VERSION_PATTERN }) });
export const Javascript = Type.String({ description: 'An ES module (text/javascript)' });
