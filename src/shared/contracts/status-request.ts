import { TRACKING_CODE_PATTERN } from './followup.js';
import type { StatusRequest } from './followup.schemas.js';
import { hasFormatShape } from '../definition/formats.js';
import { normalizeDigitCode, normalizeMobile } from '../text/normalize.js';
import { fa } from '../text/wizard-strings.fa.js';

/**
 * The status page's request, as both sides judge it: the page tells a mistyped answer at once and
 * sends nothing, and the server refuses the same answers with the same messages.
 */
export const STATUS_FIELDS = ['trackingCode', 'mobileNumber'] as const;
export type StatusField = (typeof STATUS_FIELDS)[number];
export type StatusFieldErrors = Partial<Record<StatusField, string>>;

const copy = fa.followup.status;

/** The two answers as the server reads them: Persian digits, dashes and spaces taken out, the code in capitals. */
export function normalizedStatusRequest(typed: StatusRequest): StatusRequest {
  return {
    trackingCode: normalizeDigitCode(typed.trackingCode).toUpperCase(),
    mobileNumber: normalizeMobile(typed.mobileNumber),
  };
}

/** What is wrong with a normalised request, by field: empty is "required", any other miss "invalid". */
export function statusRequestErrors({ trackingCode, mobileNumber }: StatusRequest): StatusFieldErrors {
  const errors: StatusFieldErrors = {};
  if (!TRACKING_CODE_PATTERN.test(trackingCode))
    errors.trackingCode = trackingCode === '' ? copy.codeRequired : copy.codeInvalid;
  if (!hasFormatShape('ir-mobile', mobileNumber))
    errors.mobileNumber = mobileNumber === '' ? copy.mobileRequired : copy.mobileInvalid;
  return errors;
}

/** The errors as the API's `fields` carry them, keyed by JSON pointer. */
export function statusErrorPointers(errors: StatusFieldErrors): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of STATUS_FIELDS) {
    const message = errors[field];
    if (message) fields[`/${field}`] = message;
  }
  return fields;
}

/** The API's `fields` (JSON pointers) back by field. */
export function statusErrorsOfPointers(fields: Record<string, string>): StatusFieldErrors {
  const errors: StatusFieldErrors = {};
  for (const field of STATUS_FIELDS) {
    const message = fields[`/${field}`];
    if (message) errors[field] = message;
  }
  return errors;
}
