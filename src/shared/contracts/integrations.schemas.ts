/**
 * The shapes of the integrations' console routes (API keys, webhooks), each written once: the
 * server declares these schemas on its routes, the console imports the derived types
 * (`import type` only). The /api/v1 readers' shapes are the server's (api-keys/api-key.schemas.ts).
 */
import { Type, type Static } from 'typebox';
import { API_KEY_SCOPES, MAX_WEBHOOK_HEADERS, WEBHOOK_EVENTS } from './integrations.js';
import { Dictionary, Instant, Nullable, StringEnum } from './common.schemas.js';

const EXAMPLE_KEY = 'prk_3VqWb0Xy5sKp8Lm2Nc7Rt1Hd9Gf4Ja6Ze0Uo2Ii5Yq8Tw';

const Scope = StringEnum(API_KEY_SCOPES);

/** POST /api/staff/api-keys: a key's name and what it may read. */
export const NewApiKey = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'who or what uses the key' }),
    scopes: Type.Array(Scope, { minItems: 1, uniqueItems: true }),
  },
  { additionalProperties: false, examples: [{ name: 'سامانهٔ مدیریت داروخانه', scopes: ['registrations:read'] }] },
);
export type NewApiKey = Static<typeof NewApiKey>;

export const ApiKeyCreated = Type.Object(
  {
    id: Type.Integer(),
    /** `prk_` + 32 random bytes in base62. */
    key: Type.String({ description: 'the key itself: shown this once, never again' }),
  },
  { additionalProperties: false, examples: [{ id: 1, key: EXAMPLE_KEY }] },
);
export type ApiKeyCreated = Static<typeof ApiKeyCreated>;

export const ApiKeySummary = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    scopes: Type.Array(Scope),
    /** `prk_Ab12…`. */
    prefix: Type.String({ description: "the key's first characters, to tell keys apart" }),
    createdAt: Instant,
    lastUsedAt: Type.Union([Instant, Type.Null()], { description: 'noted at most once a minute' }),
    revokedAt: Type.Union([Instant, Type.Null()]),
  },
  { additionalProperties: false },
);
export type ApiKeySummary = Static<typeof ApiKeySummary>;

/** GET /api/staff/api-keys: every key, newest first, revoked ones too. */
export const ApiKeyList = Type.Array(ApiKeySummary, {
  examples: [
    [
      {
        id: 1,
        name: 'سامانهٔ مدیریت داروخانه',
        scopes: ['registrations:read'],
        prefix: EXAMPLE_KEY.slice(0, 12),
        createdAt: '2026-01-10T08:00:00.000Z',
        lastUsedAt: '2026-01-12T09:30:00.000Z',
        revokedAt: null,
      },
    ],
  ],
});

const Event = StringEnum(WEBHOOK_EVENTS);

/** POST /api/staff/webhooks: an endpoint to add. */
export const WebhookEndpointInput = Type.Object(
  {
    url: Type.String({
      minLength: 8,
      maxLength: 2000,
      description: 'the receiver; https in production; never a loopback, private or link-local address',
    }),
    description: Type.String({ maxLength: 200 }),
    events: Type.Array(Event, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true }),
    headers: Type.Optional(
      Dictionary(Type.String({ maxLength: 1000 }), {
        maxProperties: MAX_WEBHOOK_HEADERS,
        description:
          'custom headers for the receiver’s gateway, name → value; the values are encrypted at rest and never returned',
      }),
    ),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type WebhookEndpointInput = Static<typeof WebhookEndpointInput>;

/** PATCH /api/staff/webhooks/:id: any of the fields, at least one. */
export const WebhookEndpointChange = Type.Partial(WebhookEndpointInput, {
  minProperties: 1,
  additionalProperties: false,
});
export type WebhookEndpointChange = Static<typeof WebhookEndpointChange>;

/** An endpoint as the console lists it: never its secret, never its header values. */
export const WebhookEndpoint = Type.Object(
  {
    id: Type.Integer(),
    url: Type.String(),
    description: Type.String(),
    events: Type.Array(Event),
    /** The custom headers' names; their values are encrypted at rest and never returned. */
    headerNames: Type.Array(Type.String()),
    enabled: Type.Boolean(),
    /** Why it was disabled by the server (410 from the receiver, or failing for 5 days), if it was. */
    disabledReason: Nullable(StringEnum(['gone', 'failing'])),
    createdAt: Instant,
    /** While a rotated-out secret still signs (24 hours), its end. */
    previousSecretUntil: Nullable(Instant),
  },
  { additionalProperties: false },
);
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** `whsec_` + base64 of 32 random bytes. */
const Secret = Type.String({ pattern: '^whsec_', description: 'shown this once' });

export const WebhookCreated = Type.Object(
  { id: Type.Integer(), secret: Secret },
  { additionalProperties: false, example: { id: 1, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } },
);
export type WebhookCreated = Static<typeof WebhookCreated>;

/** POST /api/staff/webhooks/:id/rotate: the new secret; the old one still signs for 24 hours. */
export const WebhookRotated = Type.Object({ secret: Secret }, { additionalProperties: false });
export type WebhookRotated = Static<typeof WebhookRotated>;

export const WebhookTestAnswer = Type.Object(
  {
    status: Nullable(Type.Integer(), { description: 'the receiver’s HTTP status; null when it did not answer' }),
    ms: Type.Integer(),
    answer: Type.String({ description: 'the first 500 bytes of the answer, or why there was none' }),
  },
  { additionalProperties: false },
);
export type WebhookTestAnswer = Static<typeof WebhookTestAnswer>;

/** One attempt to deliver one event to one endpoint. */
export const WebhookDelivery = Type.Object(
  {
    id: Type.Integer(),
    /** The `webhook-id` header: the same for every attempt of one event to one endpoint. */
    webhookId: Type.String(),
    event: StringEnum([...WEBHOOK_EVENTS, 'ping']),
    attempt: Type.Integer(),
    /** The receiver's HTTP status, or null when it did not answer (timeout, refused connection). */
    status: Nullable(Type.Integer()),
    state: StringEnum(['pending', 'delivered', 'failed']),
    at: Instant,
    /** The first 500 bytes of the receiver's answer. */
    answer: Type.String(),
  },
  { additionalProperties: false },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;
