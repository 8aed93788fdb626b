/**
 * The shapes of the applicant's follow-up, each written once: the status page, the mobile number's
 * one-time code and its proof of work, and the console's SMS outbox. The server declares these
 * schemas on its routes; the client imports the derived types (`import type` only).
 */
import { Type, type Static } from 'typebox';
import { APPLICANT_STATUSES, SMS_KINDS, SMS_STATUSES } from './followup.js';
import { Instant, Nullable, StringEnum } from './common.schemas.js';

/** As typed: Persian digits, dashes and spaces are the server's to take out. */
const TypedMobile = Type.String({ maxLength: 64 });

/** POST /api/Register/Status: both answers in the body, never in a URL. */
export const StatusRequest = Type.Object(
  { trackingCode: Type.String({ maxLength: 64 }), mobileNumber: TypedMobile },
  { additionalProperties: false },
);
export type StatusRequest = Static<typeof StatusRequest>;

/** The answer of POST /api/Register/Status. */
export const StatusAnswer = Type.Object(
  {
    trackingCode: Type.String(),
    pharmacyName: Type.String(),
    status: StringEnum(APPLICANT_STATUSES),
    /** The last status change (the registration's own time while it is new). */
    changedAt: Instant,
    /** The colleague's reason for a rejection, only when they chose to show it to the applicant. */
    reason: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type StatusAnswer = Static<typeof StatusAnswer>;

const hex = (maxLength: number) => Type.String({ pattern: '^[0-9a-f]*$', maxLength });

/**
 * A proof-of-work challenge (ALTCHA's v2 format, altcha-lib): find the step number whose
 * PBKDF2 key starts with `keyPrefix`. Signed by the server; sent back unchanged with the solution.
 */
export const CodeProofChallenge = Type.Object(
  {
    parameters: Type.Object(
      {
        algorithm: Type.String({ maxLength: 32 }),
        nonce: hex(64),
        salt: hex(64),
        cost: Type.Integer(),
        keyLength: Type.Integer(),
        keyPrefix: hex(128),
        keySignature: Type.Optional(hex(128)),
        /** The pre-session it was issued to (an HMAC) and when it expires (the server's clock). */
        data: Type.Object(
          {
            session: Type.String({ maxLength: 64 }),
            expiresAt: Type.Integer({ description: 'Milliseconds since the epoch.' }),
          },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
    signature: hex(128),
  },
  { additionalProperties: false },
);
export type CodeProofChallenge = Static<typeof CodeProofChallenge>;

/** A solved challenge: spent by the first request that carries it. */
export const CodeProof = Type.Object(
  {
    challenge: CodeProofChallenge,
    solution: Type.Object(
      { counter: Type.Integer({ minimum: 0 }), derivedKey: hex(128) },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    description: 'A challenge from GET MobileCode/Challenge, sent back unchanged, with its solution.',
  },
);
export type CodeProof = Static<typeof CodeProof>;

/** POST /api/Register/MobileCode. */
export const MobileCodeRequest = Type.Object(
  {
    mobileNumber: TypedMobile,
    /** Optional in the schema: a request without one gets the contract's own refusal (400 mobile_code_proof), after the number's check. */
    proof: Type.Optional(CodeProof),
  },
  { additionalProperties: false },
);
export type MobileCodeRequest = Static<typeof MobileCodeRequest>;

export const MobileCodeSent = Type.Object(
  {
    /** Milliseconds until another code may be asked for this number. */
    resendAfterMs: Type.Integer(),
    /** Milliseconds the code stays valid. */
    expiresInMs: Type.Integer(),
  },
  { additionalProperties: false },
);
export type MobileCodeSent = Static<typeof MobileCodeSent>;

/** POST /api/Register/MobileCode/Check (204 once the number is verified in this pre-session). */
export const MobileCodeCheck = Type.Object(
  { mobileNumber: TypedMobile, code: Type.String({ maxLength: 32 }) },
  { additionalProperties: false },
);
export type MobileCodeCheck = Static<typeof MobileCodeCheck>;

const Status = StringEnum(SMS_STATUSES);

/** One message of the outbox: never its text or a code. Times are epoch milliseconds. */
export const OutboxItem = Type.Object(
  {
    id: Type.Integer(),
    kind: StringEnum(SMS_KINDS),
    /** Masked: 0912•••6789. */
    receptor: Type.String(),
    status: Status,
    attempts: Type.Integer(),
    createdAt: Type.Integer(),
    sentAt: Nullable(Type.Integer()),
    nextAttemptAt: Nullable(Type.Integer()),
    /** Why the last attempt failed (the provider's words), when it did. */
    error: Nullable(Type.String()),
    trackingCode: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type OutboxItem = Static<typeof OutboxItem>;

/** GET /api/staff/outbox (admins). */
export const OutboxAnswer = Type.Object(
  {
    provider: StringEnum(['log', 'kavenegar']),
    counts: Type.Record(Type.Enum(SMS_STATUSES), Type.Integer(), { additionalProperties: false }),
    items: Type.Array(OutboxItem),
  },
  { additionalProperties: false },
);
export type OutboxAnswer = Static<typeof OutboxAnswer>;
