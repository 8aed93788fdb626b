import type { FormEvent, RefObject } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { normalizeBySchema } from '../../shared/text/normalize.js';

type Data = Record<string, unknown>;
interface NormalizableForm {
  formElement: RefObject<HTMLFormElement | null>;
  state: { formData?: unknown };
  setFieldValue: (name: string, value: never) => void;
}

/** Persian digits, Arabic letters and stray spaces are normalised before the validator sees them. */
export function useNormalizeOnSubmit(formRef: RefObject<NormalizableForm | null>, schema: RJSFSchema) {
  return (event: FormEvent) => {
    const form = formRef.current;
    if (!form || event.target !== form.formElement.current) return;
    const current = (form.state.formData ?? {}) as Data;
    const normalized = normalizeBySchema(current, schema as never) as Data;
    for (const [name, value] of Object.entries(normalized)) {
      const next = value === '' ? undefined : value;
      if (!Object.is(next, current[name])) form.setFieldValue(name, next as never);
    }
  };
}
