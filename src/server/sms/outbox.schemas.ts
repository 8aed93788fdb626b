/** The outbox route's query, which only the server reads (the answer is in contracts/followup.schemas.ts). */
import { Type } from 'typebox';
import { SMS_STATUSES } from '../../shared/contracts/followup.js';
import { StringEnum } from '../../shared/contracts/common.schemas.js';

export const OutboxQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(SMS_STATUSES)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  },
  { additionalProperties: false },
);
