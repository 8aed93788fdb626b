/**
 * The one ajv configuration of the wizard: the server's validator (src/server/definition), the
 * build-time compiler of the browser's precompiled validators (src/client/build) and
 * `schemas:check` all start from here, so the three judge a value alike.
 *
 * Type-only imports of ajv: this file is also reachable from browser code, which must not pull in
 * ajv's compiler.
 *
 * Why not `ajv-errors`: our `errorMessage` convention puts a field's "required" message on the
 * field itself (`"errorMessage": { "required": "…" }`), where product staff look for it. ajv-errors
 * reads `required` messages only from the parent object (`errorMessage.required.<field>`) and
 * replaces the original errors, so adopting it would move every required message out of its field
 * and lose the keyword a message was chosen by. The messages are picked by `messageFor()` in
 * schema-messages.ts instead, on both sides; ajv only has to accept the keyword as an annotation.
 */
import type { Ajv, Options } from 'ajv';
import { formats } from './formats.js';
import { VERIFY_KINDS } from './verify.js';

/** Strict mode (unknown keywords refused) and every error, not just the first. */
export const wizardAjvOptions: Options = { strict: true, allErrors: true };

/**
 * How a string field is cleaned before it is checked and stored (normalize.ts): `text` (the
 * default: Persian letters, trimmed), `digits` (a code: ASCII digits, separators out), `mobile`
 * (digits, and a +98 prefix becomes 0), `none` (kept exactly as typed).
 */
export const NORMALIZE_KINDS = ['text', 'digits', 'mobile', 'none'] as const;

/** The Iranian formats and the annotation keywords, on any ajv instance (idempotent). */
export function addWizardVocabulary<T extends Ajv>(ajv: T): T {
  for (const [name, validate] of Object.entries(formats)) {
    if (!ajv.formats[name]) ajv.addFormat(name, { type: 'string', validate });
  }
  if (!ajv.getKeyword('errorMessage')) ajv.addKeyword({ keyword: 'errorMessage', schemaType: ['string', 'object'] });
  // A misspelt kind is refused when the schema is compiled (schemas:check, the server, the build).
  if (!ajv.getKeyword('normalize'))
    ajv.addKeyword({ keyword: 'normalize', schemaType: 'string', metaSchema: { enum: [...NORMALIZE_KINDS] } });
  // `"verify": "sms"`: the field's number must be confirmed by a one-time code (src/shared/definition/verify.ts).
  if (!ajv.getKeyword('verify'))
    ajv.addKeyword({ keyword: 'verify', schemaType: 'string', metaSchema: { enum: [...VERIFY_KINDS] } });
  return ajv;
}
