import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import type { UiSchema } from '@rjsf/utils';
import { contextDependencies } from './context-dependencies.js';
import { createPinMoves } from '../../../widgets/pin-moves.js';
import type { WizardFormContext } from './form-context.js';

type Data = Record<string, unknown>;
interface FieldSetter {
  setFieldValue: (name: string, value: never) => void;
}

/**
 * The form context widgets read, with a stable identity while the manager types: RJSF's
 * SchemaField skips a field whose props are deep-equal, and a context holding the whole draft made
 * every field re-render on every keystroke. Widgets read fresh values through the `formData`
 * getter; the context changes (its `dependencies` value) only when a field some widget follows
 * changes, so those widgets re-render.
 */
export function useWidgetContext(
  draft: Data,
  uiSchema: UiSchema,
  formRef: RefObject<FieldSetter | null>,
  saveDraft: (data: Data) => unknown,
): WizardFormContext {
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const dependencyFields = useMemo(() => contextDependencies(uiSchema), [uiSchema]);
  const dependencies = JSON.stringify(dependencyFields.map((field) => draft[field] ?? null));
  const setField = useCallback(
    (name: string, value: unknown) => {
      const form = formRef.current;
      if (form) form.setFieldValue(name, value as never);
      else saveDraft({ ...draftRef.current, [name]: value });
    },
    [formRef, saveDraft],
  );
  const [pinMoves] = useState(createPinMoves);
  return useMemo<WizardFormContext & { dependencies: string }>(
    () => ({
      get formData() {
        return draftRef.current;
      },
      setField,
      pinMoves,
      dependencies,
    }),
    [setField, pinMoves, dependencies],
  );
}
