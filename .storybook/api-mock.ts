/**
 * The API as the stories see it: no network, ever. Two layers, installed by preview.tsx's global
 * decorator for every story:
 * - React Query answers seeded into a fresh QueryClient per story (`createSeededClient` of
 *   widgets/story-helpers.tsx): Register/Config, Utility/Locations and a captcha by default, each
 *   overridable per story through `parameters.api` (data, `'loading'` or `'error'`).
 * - A `fetch` stub for what the components call directly: the welcome page's Register/Config and
 *   visit count, a "new question" captcha, and the final POST /api/Register/Pharmacy, answered with
 *   success or a Persian failure as the story's args say (`registrationOutcome`, …).
 * Anything that is not under /api/ goes to the real fetch (Storybook's own files).
 */
import { apiPaths } from '../src/shared/contracts/wizard-api.js';
import type { Captcha, RegistrationAnswer } from '../src/shared/contracts/wizard-api.schemas.js';
import type { ApiErrorBody } from '../src/shared/contracts/common.schemas.js';
import { fa } from '../src/shared/text/strings.fa.js';
import { definitionStaffPaths } from '../src/shared/contracts/definition.js';
import { definitionAssetPaths } from '../src/shared/definition/definition-assets.js';
import { sampleDraft, sampleDiff, sampleVersions } from '../src/client/staff/definition/definition-fixtures.js';
import { sampleAddressSuggestion, sampleCaptcha, sampleConfig, sampleLocations } from '../widgets/story-fixtures.js';
import { integrationPaths } from '../src/shared/contracts/integrations.js';
import {
  refusedUrlMessage,
  sampleApiKey,
  sampleApiKeys,
  sampleDeliveries,
  sampleRotatedSecret,
  sampleSecret,
  sampleTestAnswer,
  sampleWebhooks,
} from '../src/client/staff/integrations/integrations-fixtures.js';
import type { ApiSeeds } from '../widgets/story-helpers.js';

export type RegistrationOutcome = 'success' | 'failure';

/** Story args that steer the fetch stub (every story may set them; step stories show them as controls). */
export interface ApiMockArgs {
  /** How POST /api/Register/Pharmacy answers. */
  registrationOutcome?: RegistrationOutcome;
  /** The Persian `error.message` of a failed registration. */
  failureMessage?: string;
  /** `error.fields` of a failed registration (JSON pointer of the posted body -> Persian message). */
  failureFields?: Record<string, string>;
  /** The tracking code of a successful registration. */
  trackingCode?: string;
  /** Milliseconds every mocked answer waits (shows busy states in Storybook). */
  apiDelayMs?: number;
  /** How PUT /api/staff/definition/draft answers: saved, or refused as stale (another editor saved first). */
  draftSave?: DraftSaveOutcome;
  /** How POST /api/staff/webhooks answers: the endpoint added (and its secret), or its address refused. */
  webhookUrl?: WebhookUrlOutcome;
}

export type DraftSaveOutcome = 'saved' | 'stale';
export type WebhookUrlOutcome = 'accepted' | 'refused';

export const defaultApiMock: Required<ApiMockArgs> = {
  registrationOutcome: 'success',
  failureMessage: fa.errors.captcha_invalid,
  failureFields: {},
  trackingCode: 'PH-7K3Q9',
  apiDelayMs: 0,
  draftSave: 'saved',
  webhookUrl: 'accepted',
};

/** The React Query seeds every story starts with, before its own `parameters.api`. */
export const defaultSeeds: Required<ApiSeeds> = {
  config: sampleConfig,
  locations: sampleLocations,
  captcha: sampleCaptcha,
};

/** Captcha questions handed out by "new question" and after a failed registration. */
const moreCaptchas: Array<Omit<Captcha, 'id'>> = [
  { question: 'پایتخت ایران کدام شهر است؟', options: ['تبریز', 'تهران', 'شیراز', 'مشهد'] },
  { question: 'حاصل نُه منهای چهار چند است؟', options: ['۳', '۴', '۵', '۶'] },
  { question: 'کدام یک فصل سال است؟', options: ['پاییز', 'دوشنبه', 'فروردین', 'صبح'] },
];

/** A registration POST the stub received (stories and tests can look at it). */
export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

let current: Required<ApiMockArgs> = { ...defaultApiMock };
let captchaCount = 0;
const calls: RecordedCall[] = [];

/** Picks the fetch-stub settings out of a story's args (unknown or mistyped values fall back). */
export function apiMockFromArgs(args: Record<string, unknown>): Required<ApiMockArgs> {
  const pick = <K extends keyof ApiMockArgs>(key: K, valid: (value: unknown) => boolean): Required<ApiMockArgs>[K] =>
    (valid(args[key]) ? args[key] : defaultApiMock[key]) as Required<ApiMockArgs>[K];
  return {
    registrationOutcome: pick('registrationOutcome', (value) => value === 'success' || value === 'failure'),
    failureMessage: pick('failureMessage', (value) => typeof value === 'string' && value.trim() !== ''),
    failureFields: pick(
      'failureFields',
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    ),
    trackingCode: pick('trackingCode', (value) => typeof value === 'string' && value.trim() !== ''),
    apiDelayMs: pick('apiDelayMs', (value) => typeof value === 'number' && value >= 0),
    draftSave: pick('draftSave', (value) => value === 'saved' || value === 'stale'),
    webhookUrl: pick('webhookUrl', (value) => value === 'accepted' || value === 'refused'),
  };
}

/** What the stub answers from now on (the decorator calls it as each story renders). */
export function setApiMock(settings: Required<ApiMockArgs>): void {
  current = settings;
}

/** Calls the stub answered since the last `resetApiCalls()`. */
export function apiCalls(): readonly RecordedCall[] {
  return calls;
}

export function resetApiCalls(): void {
  calls.length = 0;
}

function json(status: number, body: unknown): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

function errorBody(
  message: string,
  code: ApiErrorBody['error']['code'],
  fields?: Record<string, string>,
): ApiErrorBody {
  return { error: fields && Object.keys(fields).length ? { message, code, fields } : { message, code } };
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const headers = new Headers(init?.headers);
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function answer(method: string, path: string): Response {
  if (method === 'GET' && path === apiPaths.config) return json(200, defaultSeeds.config);
  if (method === 'GET' && path === apiPaths.locations) return json(200, defaultSeeds.locations);
  if (method === 'GET' && path === apiPaths.address) return json(200, sampleAddressSuggestion);
  if (method === 'GET' && path === apiPaths.statistic) return json(204, undefined);
  if (method === 'GET' && path === apiPaths.health) return json(200, { status: 'ok' });
  if (method === 'GET' && path === apiPaths.captcha) {
    captchaCount += 1;
    const next = moreCaptchas[(captchaCount - 1) % moreCaptchas.length];
    return json(200, { id: `story-captcha-${captchaCount + 1}`, ...next } satisfies Captcha);
  }
  if (method === 'POST' && path === apiPaths.registration) {
    if (current.registrationOutcome === 'success') {
      return json(200, {
        message: fa.registration.successMessage,
        trackingCode: current.trackingCode,
      } satisfies RegistrationAnswer);
    }
    const code = current.failureMessage === fa.errors.captcha_invalid ? 'captcha_invalid' : 'validation';
    return json(422, errorBody(current.failureMessage, code, current.failureFields));
  }
  const staffDefinition = definitionAnswer(method, path);
  if (staffDefinition) return staffDefinition;
  const integrations = integrationsAnswer(method, path);
  if (integrations) return integrations;
  return json(404, errorBody(fa.errors.not_found, 'not_found'));
}

/** The wizard's editor: the draft, its save, the preview's token, versions, the diff, publish and rollback. */
function definitionAnswer(method: string, path: string): Response | undefined {
  if (method === 'GET' && path === definitionStaffPaths.draft) return json(200, sampleDraft);
  if (method === 'PUT' && path === definitionStaffPaths.draft) {
    if (current.draftSave === 'stale') return json(409, errorBody(fa.errors.draft_stale, 'draft_stale'));
    return json(200, { revision: sampleDraft.revision + 1, problems: [] });
  }
  if (method === 'GET' && path === definitionAssetPaths.previewToken)
    return json(200, { token: 'story-token', expiresAt: Date.now() + 15 * 60_000 });
  if (method === 'GET' && path === definitionStaffPaths.versions) return json(200, sampleVersions);
  if (method === 'GET' && path === definitionStaffPaths.diff) return json(200, sampleDiff);
  if (method === 'POST' && (path === definitionStaffPaths.publish || path === definitionStaffPaths.rollback))
    return json(200, { version: '5d1e0a9b7c3f' });
  return undefined;
}

/** Whether a path is one of the contract's (`/api/staff/webhooks/:id/rotate`, any ids). */
const matches = (pattern: string, path: string): boolean =>
  new RegExp(`^${pattern.replace(/:\w+/g, '\\d+')}$`).test(path);

/** The integrations: endpoints, a secret and a key shown once, the delivery log, a refused address. */
function integrationsAnswer(method: string, path: string): Response | undefined {
  if (path === integrationPaths.webhooks) {
    if (method === 'GET') return json(200, sampleWebhooks);
    if (current.webhookUrl === 'refused')
      return json(400, { error: { message: refusedUrlMessage, code: 'webhook_url_refused' } });
    return json(201, { id: 3, secret: sampleSecret });
  }
  if (matches(integrationPaths.webhook, path)) return json(method === 'DELETE' ? 204 : 200, sampleWebhooks[0]);
  if (matches(integrationPaths.rotate, path)) return json(200, { secret: sampleRotatedSecret });
  if (matches(integrationPaths.test, path)) return json(200, sampleTestAnswer);
  if (matches(integrationPaths.deliveries, path)) return json(200, sampleDeliveries);
  if (matches(integrationPaths.replay, path)) return json(204, undefined);
  if (path === integrationPaths.apiKeys)
    return method === 'GET' ? json(200, sampleApiKeys) : json(201, { id: 3, key: sampleApiKey });
  if (matches(integrationPaths.apiKey, path)) return json(204, undefined);
  return undefined;
}

let installed = false;

/** Replaces `fetch` once for the page (or the test run); /api/ calls are answered here. */
export function installFetchStub(): void {
  if (installed) return;
  installed = true;
  const realFetch = globalThis.fetch?.bind(globalThis);
  const stub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, globalThis.location?.href ?? 'http://localhost/');
    if (!url.pathname.startsWith('/api/')) {
      if (!realFetch) throw new TypeError(`fetch is not available for ${href}`);
      return realFetch(input, init);
    }
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    let body: unknown;
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    calls.push({ method, path: url.pathname, headers: headersOf(init), body });
    const delay = current.apiDelayMs;
    if (delay > 0) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, delay);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
      });
    }
    return answer(method, url.pathname);
  };
  globalThis.fetch = stub;
}
