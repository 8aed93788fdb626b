/**
 * The applicant's follow-up in the HTTP contract: the status page, the mobile number's one-time code and the
 * SMS outbox of the console. The paths and the values both sides run; the shapes are in followup.schemas.ts.
 */

/** A tracking code: eight characters of Crockford's base32 (no I, L, O or U). */
export const TRACKING_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** The wizard's status page («پیگیری ثبت‌نام»); `?code=` fills the tracking code in. */
export const STATUS_ROUTE = '/status';
export const STATUS_CODE_PARAM = 'code';

export const followupPaths = {
  /** POST { trackingCode, mobileNumber } → StatusAnswer. */
  status: '/api/Register/Status',
  /** POST MobileCodeRequest → MobileCodeSent: sends a one-time code to the number. */
  mobileCode: '/api/Register/MobileCode',
  /** GET → CodeProofChallenge: the proof of work a code request must carry. */
  mobileCodeChallenge: '/api/Register/MobileCode/Challenge',
  /** POST { mobileNumber, code } → 204 once the number is verified in this pre-session. */
  mobileCodeCheck: '/api/Register/MobileCode/Check',
  /** GET (admins): the SMS outbox, the numbers masked. */
  outbox: '/api/staff/outbox',
} as const;

/** What the manager sees of a registration: its status and nothing personal but the pharmacy's name. */
export const APPLICANT_STATUSES = ['new', 'contacted', 'approved', 'rejected'] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];

/** What a message says: the registration's receipt, a case decision, or a one-time code. */
export const SMS_KINDS = ['receipt', 'approved', 'rejected', 'code'] as const;

/** waiting → sending (claimed by one worker) → sent | failed; a transient failure goes back to waiting. */
export const SMS_STATUSES = ['waiting', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof SMS_STATUSES)[number];
