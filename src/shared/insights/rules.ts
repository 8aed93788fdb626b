/**
 * The rules a field of the definition can fail, as «رفتار فرم» names them: the server refuses a
 * batch naming any other, and the wizard never sends one.
 */
import type { JsonSchema } from '../definition/json-schema.js';

/** Words of a field schema that describe it rather than constrain it: never a failed rule. */
const NOT_RULES = new Set([
  'title',
  'description',
  'default',
  'examples',
  'errorMessage',
  '$comment',
  '$id',
  '$schema',
  'readOnly',
  'writeOnly',
  'verify',
]);

/** The keywords a field can fail: its own and its branches' (a choice's `const`), `required`, and a format's name. */
export function rulesOf(schema: JsonSchema | undefined): Map<string, string> {
  const rules = new Map<string, string>([['required', 'required']]);
  if (!schema) return rules;
  const add = (keyword: string) => {
    if (!NOT_RULES.has(keyword)) rules.set(keyword, keyword);
  };
  for (const keyword of Object.keys(schema)) add(keyword);
  for (const branches of [schema.oneOf, schema.anyOf, schema.allOf])
    if (Array.isArray(branches))
      for (const branch of branches as unknown[])
        if (branch && typeof branch === 'object') Object.keys(branch).forEach(add);
  if (typeof schema.format === 'string') rules.set(schema.format, 'format');
  if (schema.verify === 'sms') rules.set('verify', 'verify');
  const spec = schema.errorMessage;
  if (spec && typeof spec === 'object') for (const keyword of Object.keys(spec)) add(keyword);
  return rules;
}
