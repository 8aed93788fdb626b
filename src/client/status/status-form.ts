import { TRACKING_CODE_PATTERN } from '../../shared/followup-contract.js';
import { normalizeDigitCode, normalizeMobile } from '../../shared/normalize.js';
import { fa } from '../../shared/strings.fa.js';

export type StatusField = 'trackingCode' | 'mobileNumber';

/** The two answers as the server reads them: Persian digits, dashes and spaces taken out, the code in capitals. */
export function normalizedStatusRequest(typed: Record<StatusField, string>): Record<StatusField, string> {
  return {
    trackingCode: normalizeDigitCode(typed.trackingCode).toUpperCase(),
    mobileNumber: normalizeMobile(typed.mobileNumber),
  };
}

/** The same checks the server makes, so a mistyped answer is told at once and sent nowhere. */
export function statusFieldErrors(typed: Record<StatusField, string>): Partial<Record<StatusField, string>> {
  const { trackingCode, mobileNumber } = normalizedStatusRequest(typed);
  const errors: Partial<Record<StatusField, string>> = {};
  if (!TRACKING_CODE_PATTERN.test(trackingCode))
    errors.trackingCode = trackingCode === '' ? fa.followup.status.codeRequired : fa.followup.status.codeInvalid;
  if (!/^09[0-9]{9}$/.test(mobileNumber))
    errors.mobileNumber = mobileNumber === '' ? fa.followup.status.mobileRequired : fa.followup.status.mobileInvalid;
  return errors;
}

/** The server's field messages (JSON pointers) by field. */
export function serverFieldErrors(fields: Record<string, string>): Partial<Record<StatusField, string>> {
  const errors: Partial<Record<StatusField, string>> = {};
  for (const field of ['trackingCode', 'mobileNumber'] as const) {
    const message = fields[`/${field}`];
    if (message) errors[field] = message;
  }
  return errors;
}

const jalali = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Asia/Tehran',
});

/** The instant of the last change as a Jalali date and time in Tehran, in Persian digits. */
export function jalaliDateTime(iso: string): string {
  return jalali.format(new Date(iso));
}
