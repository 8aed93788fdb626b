/**
 * Field errors of a form step, in the wizard's words: every message comes from the field's
 * `errorMessage` in schemas/ (through fieldMessages/messageFor, as the server does), errors of a
 * hidden field (captchaId, longitude) are shown on the visible field that owns it, one message per
 * field, in the order the fields are shown.
 */
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import { fieldMessages } from '../../shared/definition/schema-messages.js';
import { pointerFrom, pointerTokens } from '../../shared/definition/json-pointer.js';
import { ownedFields } from '../../../widgets/declarations.js';
import { fieldOrder } from '../../shared/definition/review-display.js';
import { stepFieldNames, type LoadedStep, type LoadedWizard } from '../../shared/definition/wizard-definition.js';

/**
 * Owned field -> the visible field whose widget owns it, as the widgets declare it
 * (widgets/declarations.ts: the captcha's `idField`, the map's `longitudeField`). A field no widget
 * owns keeps its own errors.
 */
export function hiddenFieldOwners(step: LoadedStep): Record<string, string> {
  const names = stepFieldNames(step);
  return Object.fromEntries(
    Object.entries(ownedFields(step.ui)).filter(([owned, owner]) => owned !== owner && names.includes(owned)),
  );
}

/** `.firstName` / `.adminData.firstName` (RJSF's property) -> `/firstName` (a JSON pointer). */
export function propertyToPointer(property: string | undefined): string {
  if (!property) return '';
  const tokens = property
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .split('.')
    .filter((token) => token !== '');
  return pointerFrom(tokens);
}

/** The top-level field a pointer is about ('' for the form itself). */
export function fieldOfPointer(pointer: string): string {
  return pointerTokens(pointer)[0] ?? '';
}

export interface StepErrorTools {
  /** For RJSF's `transformErrors`: Persian messages (message and stack), owners, one per field, ordered. */
  transformErrors: (errors: RJSFValidationError[]) => RJSFValidationError[];
  /** Server messages (field -> message) as an RJSF `extraErrors` schema, on the owning fields. */
  extraErrors: (messages: Record<string, string> | undefined) => ErrorSchema | undefined;
  /** The field an error is shown on. */
  displayField: (field: string) => string;
  order: string[];
}

export function stepErrorTools(wizard: LoadedWizard, step: LoadedStep): StepErrorTools {
  const rootSchema = step.jsonSchema ?? {};
  const owners = hiddenFieldOwners(step);
  const order = fieldOrder(step);
  const displayField = (field: string) => owners[field] ?? field;
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };

  const transformErrors = (errors: RJSFValidationError[]): RJSFValidationError[] => {
    const seen = new Set<string>();
    const out: Array<RJSFValidationError & { field: string }> = [];
    for (const error of errors) {
      // "must match the then schema" only repeats what the branch's own field errors say.
      if (error.name === 'if') continue;
      const pointer = propertyToPointer(error.property);
      const keyword = error.name ?? 'default';
      const message =
        fieldMessages([{ keyword, instancePath: pointer, params: {} }], rootSchema, wizard.schemasById)[pointer] ??
        error.message ??
        '';
      const field = displayField(fieldOfPointer(pointer));
      const tokens = pointerTokens(pointer);
      const property = field === '' ? '' : `.${[field, ...tokens.slice(1)].join('.')}`;
      if (seen.has(property)) continue;
      seen.add(property);
      out.push({ ...error, property, message, stack: message, field });
    }
    out.sort((a, b) => rank(a.field) - rank(b.field));
    return out.map(({ field: _field, ...error }) => error);
  };

  const extraErrors = (messages: Record<string, string> | undefined): ErrorSchema | undefined => {
    if (!messages || Object.keys(messages).length === 0) return undefined;
    const schema: Record<string, { __errors: string[] }> = {};
    for (const [field, message] of Object.entries(messages)) {
      const target = displayField(field);
      if (schema[target]) continue;
      schema[target] = { __errors: [message] };
    }
    return schema as unknown as ErrorSchema;
  };

  return { transformErrors, extraErrors, displayField, order };
}
