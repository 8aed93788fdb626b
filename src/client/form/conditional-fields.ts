/**
 * Conditional fields in the browser: a field defined in an `if`/`then`/`else` or `dependencies`
 * branch of its step schema exists only while that branch applies. Which branches apply is what
 * RJSF's `retrieveSchema` resolves to render the step, with the step's precompiled validator: the
 * same evaluation decides what is rendered and which answers stay in the draft.
 */
import { retrieveSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { conditionalFields } from '../../shared/definition/conditions.js';
import type { JsonSchema } from '../../shared/definition/wizard-definition.js';

type Data = Record<string, unknown>;

/** Names of the step's conditional fields (empty for a step without conditions: nothing to do then). */
export function conditionalFieldNames(schema: JsonSchema): string[] {
  return conditionalFields(schema).map((field) => field.name);
}

/** `data` without the answers of conditional fields whose branch does not apply (same object if none). */
export function withoutHiddenAnswers(
  validator: ValidatorType,
  schema: RJSFSchema,
  conditional: readonly string[],
  data: Data,
): Data {
  if (conditional.length === 0) return data;
  const present = conditional.filter((name) => Object.hasOwn(data, name));
  if (present.length === 0) return data;
  const resolved = retrieveSchema(validator, schema, schema, data);
  const shown = resolved.properties ?? {};
  const hidden = present.filter((name) => !Object.hasOwn(shown, name));
  if (hidden.length === 0) return data;
  const copy = { ...data };
  for (const name of hidden) delete copy[name];
  return copy;
}
