import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/**
 * The fields of a step that some widget follows through the form context: every sibling named by
 * a string in a field's `ui:options` (the city picker's `provinceField`, the captcha's `idField`)
 * or named like the defaults those widgets use. A change of one of them must re-render the form's
 * fields; a change of any other field need only re-render that field.
 */
const DEFAULT_FOLLOWED = ['selectedState', 'captchaId'];

export function contextDependencies(uiSchema: UiSchema, schema: RJSFSchema): string[] {
  const properties =
    typeof schema.properties === 'object' && schema.properties !== null ? Object.keys(schema.properties) : [];
  const names = new Set(properties);
  const found = new Set<string>(DEFAULT_FOLLOWED.filter((name) => names.has(name)));
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:') || typeof value !== 'object' || value === null) continue;
    const options = (value as Record<string, unknown>)['ui:options'];
    if (typeof options !== 'object' || options === null) continue;
    for (const option of Object.values(options as Record<string, unknown>)) {
      if (typeof option === 'string' && names.has(option)) found.add(option);
    }
  }
  return [...found].sort();
}
