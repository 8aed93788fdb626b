/**
 * The HTTP contract of the integrations: signed webhooks to the company's other systems
 * and API keys for reading registrations. The paths, the values both sides run and what a receiver
 * is sent; the shapes of the console's routes are in integrations.schemas.ts. The staff routes are for
 * admins only and take the anti-forgery header on writes like every staff write; the key routes
 * (`/api/v1/…`) take `Authorization: Bearer <key>` and never a staff cookie.
 */

export const integrationPaths = {
  /** GET: the endpoints (never a secret); POST { url, description, events, headers?, enabled? } → 201 { id, secret }. */
  webhooks: '/api/staff/webhooks',
  /** PATCH (the same fields, each optional), DELETE. */
  webhook: '/api/staff/webhooks/:id',
  /** POST → { secret }: a new secret; the old one still signs for 24 hours. */
  rotate: '/api/staff/webhooks/:id/rotate',
  /** POST → the receiver's answer to a `ping` event sent at once. */
  test: '/api/staff/webhooks/:id/test',
  /** GET: the endpoint's delivery log, newest first. */
  deliveries: '/api/staff/webhooks/:id/deliveries',
  /** POST: sends that delivery's event again (a new attempt of the same webhook-id). */
  replay: '/api/staff/webhooks/:id/deliveries/:deliveryId/replay',
  /** GET: the keys (never the key itself); POST { name, scopes } → 201 { id, key }. */
  apiKeys: '/api/staff/api-keys',
  /** DELETE: revokes the key in every process within a second. */
  apiKey: '/api/staff/api-keys/:id',
  /** GET with a key of scope registrations:read: cursor pages of registrations. */
  v1Registrations: '/api/v1/registrations',
  /** GET with a key of scope registrations:read: one registration, worded and raw. */
  v1Registration: '/api/v1/registrations/:id',
} as const;

/** The events an endpoint can subscribe to; `ping` is only ever sent by «ارسال رویداد آزمایشی». */
export const WEBHOOK_EVENTS = ['registration.created', 'registration.status_changed', 'registration.assigned'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type WebhookEventType = WebhookEvent | 'ping';

/** The scopes a key may have (structured so that more can come). */
export const API_KEY_SCOPES = ['registrations:read', 'insights:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** At most this many custom headers per endpoint (for the receiver's gateway). */
export const MAX_WEBHOOK_HEADERS = 5;
/** Endpoints at most: every event is queued once per endpoint that subscribes to it. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

/** The thin payload every event carries: the receiver fetches the case with an API key. */
export interface WebhookPayload {
  type: WebhookEventType;
  /** ISO 8601. */
  timestamp: string;
  data: {
    id: number;
    trackingCode: string;
    status: string;
    definitionVersion: string;
    /** registration.status_changed only. */
    from?: string;
    to?: string;
    at?: string;
    byRole?: string;
    /** Only when the reason is shown to the applicant. */
    reason?: string;
  };
}
