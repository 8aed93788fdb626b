/**
 * `"verify": "sms"` on a field of schemas/: its value (a mobile number) counts only once the
 * manager has typed the one-time code sent to it. The browser holds the field invalid until then
 * and the server refuses a registration whose number was not confirmed in the same pre-session.
 * Off in the shipped definition; see docs/editing-the-wizard.md.
 */
import type { JsonSchema } from './wizard-definition.js';

export const VERIFY_KINDS = ['sms'] as const;
export type VerifyKind = (typeof VERIFY_KINDS)[number];

export interface VerifiedField {
  /** JSON pointer of the value in the data the schema describes, e.g. /adminData/mobileNumber. */
  pointer: string;
  schema: JsonSchema;
}

const found = new WeakMap<JsonSchema, VerifiedField[]>();

/**
 * The fields of a ($ref-free) schema that ask to be verified, nested objects included; worked out
 * once per schema object (a version of the definition keeps its schema for its life).
 */
export function verifiedFields(schema: JsonSchema): VerifiedField[] {
  let fields = found.get(schema);
  if (!fields) {
    fields = fieldsAt(schema, '');
    found.set(schema, fields);
  }
  return fields;
}

function fieldsAt(schema: JsonSchema, pointer: string): VerifiedField[] {
  const fields: VerifiedField[] = [];
  if (schema.verify === 'sms') fields.push({ pointer, schema });
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  for (const [name, child] of Object.entries(properties ?? {})) {
    if (typeof child === 'object' && child !== null)
      fields.push(...fieldsAt(child, `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return fields;
}

/** The five-digit code as the manager types it: Persian or ASCII digits, nothing else. */
export const CODE_LENGTH = 5;
