/**
 * The shapes of the applicant's follow-up, each written once: the status page, the mobile number's
 * one-time code and its proof of work, and the console's SMS outbox. The server declares these
 * schemas on its routes; the client imports the derived types (`import type` only).
 */
import { Type, type Static } from 'typebox';
import { SMS_KINDS, SMS_STATUSES } from './followup.js';
import { Nullable, StringEnum } from './common.schemas.js';

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
