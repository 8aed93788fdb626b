/** The ajv set-up the checker compiles with: the same options and formats the wizard and server use. */
import Ajv, { type Options } from 'ajv';
import { formats } from '../../src/shared/formats.js';

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/**
 * Strict mode and every error, the custom Iranian formats, and `errorMessage` as an annotation (the
 * wizard reads it itself) — as src/server/definition/definition.ts compiles them. The server adds no
 * standard formats (ajv-formats), so neither does the checker: "format": "email" would stop the server.
 * Meta-schemas of wizard.json and register-config.json use if/then, which
 * strict "required" cannot follow, so that one rule is relaxed for them.
 */
export function createAjv(kind: 'form' | 'meta' = 'form', extra: Options = {}): Ajv {
  const ajv = new Ajv({
    strict: true,
    allErrors: true,
    verbose: true,
    ...(kind === 'meta' ? { strictRequired: false } : {}),
    ...extra,
  });
  for (const [name, validate] of Object.entries(formats)) ajv.addFormat(name, { type: 'string', validate });
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: ['string', 'object'] });
  return ajv;
}

/** Every format name a schema may use. */
export function knownFormats(): string[] {
  return Object.keys(createAjv().formats);
}
