import type { UiSchema } from '@rjsf/utils';
import { followedFields } from '../../../widgets/declarations.js';

/**
 * The fields of a step that some widget follows or owns through the form context, as the widgets
 * declare them (widgets/declarations.ts): a change of one of them must re-render the form's
 * fields; a change of any other field need only re-render that field.
 */
export function contextDependencies(uiSchema: UiSchema): string[] {
  return followedFields(uiSchema as Record<string, unknown>);
}
