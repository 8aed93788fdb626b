import { useMemo } from 'react';
import type { CustomValidator, RJSFSchema } from '@rjsf/utils';
import { messageFor } from '../../shared/definition/schema-messages.js';
import type { JsonSchema } from '../../shared/definition/wizard-definition.js';
import { useWidgetServices } from '../../../widgets/services.js';

type Data = Record<string, unknown>;

/**
 * RJSF's `customValidate` for the step's fields declared `"verify": "sms"`: a number that passes
 * its own rules is still invalid until it has been verified in this visit, with the field's
 * message (`errorMessage.verify` in schemas/, else the common one) — the words the server uses
 * when it refuses such a registration. Undefined when the step verifies nothing.
 */
export function useVerifiedFields(schema: RJSFSchema): CustomValidator<Data> | undefined {
  const verification = useWidgetServices().mobileVerification;
  return useMemo(() => {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const verified = Object.entries(properties).filter(([, field]) => field.verify === 'sms');
    if (verified.length === 0) return undefined;
    const validate: CustomValidator<Data> = (formData, errors, _uiSchema, errorSchema) => {
      for (const [name, field] of verified) {
        const value = formData?.[name];
        // A field already failing its own rules shows that message first.
        const failing = (errorSchema?.[name] as { __errors?: unknown[] } | undefined)?.__errors?.length;
        if (typeof value !== 'string' || value === '' || failing || verification.isVerified(value)) continue;
        errors[name]?.addError(messageFor(field, 'verify'));
      }
      return errors;
    };
    return validate;
  }, [schema, verification]);
}
