/**
 * The applicant's follow-up in the HTTP contract: the status page, the mobile number's one-time code and the
 * SMS outbox of the console. Types only, and the paths.
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

export interface StatusRequest {
  trackingCode: string;
  mobileNumber: string;
}

export interface StatusAnswer {
  trackingCode: string;
  pharmacyName: string;
  status: ApplicantStatus;
  /** ISO instant of the last status change (the registration's own time while it is new). */
  changedAt: string;
  /** The colleague's reason for a rejection, only when they chose to show it to the applicant. */
  reason?: string;
}

/**
 * A proof-of-work challenge (ALTCHA's v2 format, altcha-lib): find the step number whose
 * PBKDF2 key starts with `keyPrefix`. Signed by the server; sent back unchanged with the solution.
 */
export interface CodeProofChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    /** The pre-session it was issued to (an HMAC) and when it expires (ms since the epoch, the server's clock). */
    data: { session: string; expiresAt: number };
  };
  signature: string;
}

/** A solved challenge: spent by the first code request that carries it. */
export interface CodeProof {
  challenge: CodeProofChallenge;
  solution: { counter: number; derivedKey: string };
}

export interface MobileCodeRequest {
  mobileNumber: string;
  /** Required: a request without one is refused (400 mobile_code_proof). */
  proof?: CodeProof;
}

export interface MobileCodeSent {
  /** Milliseconds until another code may be asked for this number. */
  resendAfterMs: number;
  /** Milliseconds the code stays valid. */
  expiresInMs: number;
}

/** What a message says: the registration's receipt, a case decision, or a one-time code. */
export const SMS_KINDS = ['receipt', 'approved', 'rejected', 'code'] as const;

/** waiting → sending (claimed by one worker) → sent | failed; a transient failure goes back to waiting. */
export const SMS_STATUSES = ['waiting', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof SMS_STATUSES)[number];
