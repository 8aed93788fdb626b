import { useCallback, useMemo, useRef, useState } from 'react';
import type { RJSFValidationError } from '@rjsf/utils';
import type { SummaryItem } from '../../../widgets/templates/ErrorSummary.js';
import type { StepErrorTools } from './errors.js';
import { fieldId, focusField, topField } from '../../../widgets/templates/field-focus.js';

/**
 * What blocks the step: the validator's errors in the wizard's words (in the order the fields are
 * shown, so focus goes to the first invalid field on screen), the server's messages, and the
 * summary built from both. Messages follow each change only after a blocked attempt.
 */
export function useStepErrors(
  tools: StepErrorTools,
  serverMessages: Record<string, string> | undefined,
  container: () => HTMLElement | null,
) {
  const [errors, setErrors] = useState<RJSFValidationError[]>([]);
  const [attempted, setAttempted] = useState(false);
  const [summaryKey, setSummaryKey] = useState(0);
  const extraErrors = useMemo(() => tools.extraErrors(serverMessages), [tools, serverMessages]);

  const latest = useRef<RJSFValidationError[]>([]);
  const transformErrors = useCallback(
    (raw: RJSFValidationError[]) => {
      const transformed = tools.transformErrors(raw);
      latest.current = transformed;
      return transformed;
    },
    [tools],
  );
  // The validator's first error in the fields' order; else RJSF's first, such as a number not yet
  // verified (customValidate's errors come after the transformed ones).
  const focusFirstError = (error?: RJSFValidationError) => {
    const first = latest.current[0] ?? error;
    if (first) focusField(container(), tools.displayField(topField(first)));
  };
  const onError = (found: RJSFValidationError[]) => {
    setErrors(found);
    setAttempted(true);
    setSummaryKey((key) => key + 1);
  };
  const followChange = (found: RJSFValidationError[] | undefined) => {
    if (attempted) setErrors(found ?? []);
  };

  const summaryItems: SummaryItem[] = useMemo(() => {
    const seen = new Set<string>();
    const items: SummaryItem[] = [];
    const add = (field: string, message: string) => {
      if (!field || seen.has(field) || !message) return;
      seen.add(field);
      items.push({ field, id: fieldId(field), message });
    };
    for (const error of errors) add(topField(error), error.message ?? '');
    for (const [field, message] of Object.entries(serverMessages ?? {})) add(tools.displayField(field), message);
    return items.sort((a, b) => tools.order.indexOf(a.field) - tools.order.indexOf(b.field));
  }, [errors, serverMessages, tools]);

  return {
    attempted,
    summaryKey,
    summaryItems,
    extraErrors,
    transformErrors,
    focusFirstError,
    onError,
    followChange,
    clear: () => setErrors([]),
  };
}
