import {
  normalizedStatusRequest,
  statusErrorsOfPointers,
  statusRequestErrors,
  type StatusField,
  type StatusFieldErrors,
} from '../../shared/contracts/status-request.js';

export { normalizedStatusRequest, type StatusField };

/** The same checks the server makes (src/shared/contracts/status-request.ts), so a mistyped answer is told at once and sent nowhere. */
export function statusFieldErrors(typed: Record<StatusField, string>): StatusFieldErrors {
  return statusRequestErrors(normalizedStatusRequest(typed));
}

/** The server's field messages (JSON pointers) by field. */
export const serverFieldErrors = statusErrorsOfPointers;

const jalali = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Asia/Tehran',
});

/** The instant of the last change as a Jalali date and time in Tehran, in Persian digits. */
export function jalaliDateTime(iso: string): string {
  return jalali.format(new Date(iso));
}
