/**
 * What the integrations' API answers in stories and tests (.storybook/api-mock.ts): two endpoints
 * (one disabled by the server after a 410), a delivery log with a failure and its retry, two keys.
 */
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookTestAnswer,
} from '../../../shared/contracts/integrations.schemas.js';
import type { ApiKeySummary } from '../../../shared/contracts/integrations.schemas.js';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 6, 30) + minutes * 60_000).toISOString();

export const sampleWebhooks: WebhookEndpoint[] = [
  {
    id: 1,
    url: 'https://crm.example.ir/hooks/pharmacy',
    description: 'CRM فروش',
    events: ['registration.created', 'registration.status_changed'],
    headerNames: ['X-Gateway-Key'],
    enabled: true,
    disabledReason: null,
    createdAt: at(0),
    previousSecretUntil: at(24 * 60),
  },
  {
    id: 2,
    url: 'https://pms.example.ir/accounts/webhook',
    description: 'سامانهٔ مدیریت داروخانه‌ها',
    events: ['registration.status_changed'],
    headerNames: [],
    enabled: false,
    disabledReason: 'gone',
    createdAt: at(10),
    previousSecretUntil: null,
  },
];

export const sampleDeliveries: WebhookDelivery[] = [
  {
    id: 12,
    webhookId: 'msg_2Ybq1c9F',
    event: 'registration.status_changed',
    attempt: 2,
    status: 200,
    state: 'delivered',
    at: at(6),
    answer: '{"ok":true}',
  },
  {
    id: 11,
    webhookId: 'msg_2Ybq1c9F',
    event: 'registration.status_changed',
    attempt: 1,
    status: 500,
    state: 'failed',
    at: at(5),
    answer: '<html><body>Internal Server Error</body></html>',
  },
  {
    id: 10,
    webhookId: 'msg_7Hk3PqLx',
    event: 'ping',
    attempt: 1,
    status: null,
    state: 'failed',
    at: at(2),
    answer: '',
  },
];

export const sampleApiKeys: ApiKeySummary[] = [
  {
    id: 1,
    name: 'CRM فروش',
    scopes: ['registrations:read'],
    prefix: 'prk_4fQ9',
    createdAt: at(0),
    lastUsedAt: at(90),
    revokedAt: null,
  },
  {
    id: 2,
    name: 'گزارش‌گیری قدیمی',
    scopes: ['registrations:read'],
    prefix: 'prk_Zt81',
    createdAt: at(-60 * 24 * 30),
    lastUsedAt: null,
    revokedAt: at(-60 * 24),
  },
];

/** A secret and a key as the server answers them once (`whsec_` + base64, `prk_` + base62). */
export const sampleSecret = 'whsec_MfKQ9r8GKYqXuNY9jC0hWmY2c1sNIZ4mTgVtV3oE8Xo=';
export const sampleRotatedSecret = 'whsec_c2VjcmV0LXJvdGF0ZWQtZm9yLXN0b3J5LW9ubHktMTIzNDU=';
export const sampleApiKey = 'prk_3hV8pQmZk2LwT9sYx4RbN7cJf1aDe6GuKo5';

export const sampleTestAnswer: WebhookTestAnswer = { status: 200, ms: 184, answer: '{"ok":true}' };

/** How the server refuses an address that resolves to a private network (400 webhook_url_refused). */
export const refusedUrlMessage = 'این نشانی به شبکهٔ داخلی می‌رسد و رویدادی به آن فرستاده نمی‌شود.';
