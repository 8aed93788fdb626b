import { useMemo, useRef, type FocusEvent } from 'react';
import type { RJSFValidationError } from '@rjsf/utils';
import { fieldSchemaOf } from '../../shared/definition/conditions.js';
import { rulesOf } from '../../shared/insights/rules.js';
import { stepFieldNames, type LoadedStep } from '../../shared/definition/wizard-definition.js';
import { noteChecked, noteCompleted, noteFocus } from '../state/insights.js';
import { topField } from '../../../widgets/templates/field-focus.js';

/** The step field an element belongs to: its wrapper's `data-field` (widgets/templates/field-templates.tsx), if it is one of the step's. */
function fieldOf(target: EventTarget, fields: readonly string[]): string | undefined {
  const field = (target as Element).closest?.('[data-field]')?.getAttribute('data-field') ?? undefined;
  return field !== undefined && fields.includes(field) ? field : undefined;
}

/**
 * «رفتار فرم» of a form step, on focus, blur and submit only (never a keystroke): the field first
 * touched, left failing a rule, corrected; the step completed. Only a rule of the field's own
 * schema is noted (an error shown on a field but owned by a hidden one is not that field's rule).
 */
export function useFieldInsights(step: LoadedStep) {
  const fields = useMemo(() => stepFieldNames(step), [step]);
  const errors = useRef<RJSFValidationError[]>([]);
  const rulesNow = (found: readonly RJSFValidationError[]) => {
    const rules = new Map<string, string>();
    for (const error of found) {
      const field = topField(error);
      const params = error.params as { format?: unknown } | undefined;
      const rule = error.name === 'format' ? String(params?.format) : error.name;
      const schema = step.jsonSchema ? fieldSchemaOf(step.jsonSchema, field) : undefined;
      if (rule && !rules.has(field) && rulesOf(schema).has(rule)) rules.set(field, rule);
    }
    return rules;
  };
  return {
    /** The errors shown now (after a blocked attempt, they follow each change). */
    follow: (found: RJSFValidationError[] | undefined) => {
      errors.current = found ?? [];
    },
    /** For the step's container: focus and blur of any field inside it. */
    listeners: {
      onFocusCapture: (event: FocusEvent) => {
        const field = fieldOf(event.target, fields);
        if (field) noteFocus(step.id, field);
      },
      onBlurCapture: (event: FocusEvent) => {
        const field = fieldOf(event.target, fields);
        if (field) noteChecked(step.id, [field], rulesNow(errors.current));
      },
    },
    /** RJSF's onError, noting the fields a blocked submit left failing. */
    blocking: (onError: (found: RJSFValidationError[]) => void) => (found: RJSFValidationError[]) => {
      onError(found);
      errors.current = found;
      noteChecked(step.id, fields, rulesNow(found));
    },
    passed: () => {
      errors.current = [];
      noteChecked(step.id, fields, new Map());
      noteCompleted(step.id);
    },
  };
}
