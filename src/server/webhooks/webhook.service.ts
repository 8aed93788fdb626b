import { randomBytes } from 'node:crypto';
import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { Updateable } from 'kysely';
import {
  MAX_WEBHOOK_ENDPOINTS,
  MAX_WEBHOOK_HEADERS,
  type WebhookEvent,
  type WebhookPayload,
} from '../../shared/contracts/integrations.js';
import type {
  WebhookCreated,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookTestAnswer,
} from '../../shared/contracts/integrations.schemas.js';
import { fa } from '../../shared/text/strings.fa.js';
import type { DatabaseHandle } from '../db/database.js';
import { ApiError } from '../errors.js';
import { appendAudit } from '../audit/audit.repository.js';
import type { StaffIdentity } from '../staff-identity.js';
import { refusedUrl, type AddressPolicy } from './address-check.js';
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpointWithin,
  listEndpoints,
  replaceSecret,
  updateEndpoint,
  type EndpointRow,
} from './endpoint.repository.js';
import { attemptExists, insertClaimedMessage, listAttempts, requeueAttempt } from './message.repository.js';
import { newWebhookSecret } from './webhook-crypto.js';
import type { WebhookEndpointTable } from './webhook.table.js';
import { attemptDelivery, leaseFor, type DeliveryContext } from './webhook.worker.js';

/** A rotated-out secret keeps signing this long, so receivers can switch without losing an event. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
const MAX_HEADER_NAME = 64;
/** Ours to set: a custom header never replaces the signature, the body's framing or the connection's. */
const RESERVED_HEADERS = /^(webhook-.*|content-type|content-length|host|connection|transfer-encoding|user-agent)$/i;

export interface WebhookServices extends DeliveryContext {
  database: Pick<DatabaseHandle, 'db' | 'dialect' | 'transaction'>;
  /** How long a receiver may take (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  policy: AddressPolicy;
  definitionVersion: () => string;
}

export function endpointSummary(row: EndpointRow, now: number): WebhookEndpoint {
  const until = row.previous_secret_until === null ? null : Number(row.previous_secret_until);
  const stillSigns = until !== null && until > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEvent[],
    headerNames: JSON.parse(row.header_names) as string[],
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    previousSecretUntil: stillSigns ? new Date(until).toISOString() : null,
  };
}

export async function listWebhooks(services: WebhookServices): Promise<WebhookEndpoint[]> {
  const now = services.clock();
  return (await listEndpoints(services.database.db)).map((row) => endpointSummary(row, now));
}

async function checkedUrl(services: WebhookServices, url: string): Promise<string> {
  const refusal = await refusedUrl(url, services.policy);
  if (refusal !== undefined) {
    services.log.info({ webhook: { refusal } }, 'Webhook URL refused');
    throw new ApiError(400, 'webhook_url_refused');
  }
  return url;
}

/** Why one custom header is refused (its Persian message), or undefined when Node will send it. */
function headerRefusal(name: string, value: string, seen: Set<string>): string | undefined {
  const say = (message: string) => message.replace('{name}', name);
  try {
    if (name.length > MAX_HEADER_NAME) throw new Error('too long');
    validateHeaderName(name);
  } catch {
    return say(fa.webhooks.headerName);
  }
  if (RESERVED_HEADERS.test(name)) return say(fa.webhooks.headerOurs);
  if (seen.has(name.toLowerCase())) return say(fa.webhooks.headerTwice);
  seen.add(name.toLowerCase());
  try {
    // The same test node:http makes as it sends: what is saved is what can be sent.
    validateHeaderValue(name, value);
  } catch {
    return say(fa.webhooks.headerValue);
  }
  return undefined;
}

/** Custom headers as Node will send them; each refused one is named in `fields` as `headers.<name>`. */
function checkedHeaders(headers: Record<string, string>): Record<string, string> {
  const entries = Object.entries(headers);
  if (entries.length > MAX_WEBHOOK_HEADERS) throw new ApiError(400, 'webhook_headers');
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  for (const [name, value] of entries) {
    const refusal = headerRefusal(name, value, seen);
    if (refusal !== undefined) fields[`headers.${name}`] = refusal;
  }
  if (Object.keys(fields).length > 0) throw new ApiError(400, 'webhook_headers', fields);
  return headers;
}

function sealedHeaders(services: WebhookServices, headers: Record<string, string>) {
  const names = Object.keys(headers);
  return {
    headers: names.length === 0 ? null : services.box.seal(JSON.stringify(headers)),
    header_names: JSON.stringify(names),
  };
}

export async function createWebhook(
  services: WebhookServices,
  actor: StaffIdentity,
  input: WebhookEndpointInput,
): Promise<WebhookCreated> {
  const url = await checkedUrl(services, input.url);
  const headers = checkedHeaders(input.headers ?? {});
  const secret = newWebhookSecret();
  const now = services.clock();
  const id = await services.database.transaction('durable', async (trx) => {
    const created = await insertEndpointWithin(
      trx,
      services.database.dialect,
      {
        url,
        description: input.description,
        events: JSON.stringify([...new Set(input.events)]),
        secret: services.box.seal(secret),
        ...sealedHeaders(services, headers),
        enabled: input.enabled === false ? 0 : 1,
        created_at: now,
      },
      MAX_WEBHOOK_ENDPOINTS,
    );
    if (created === undefined) throw new ApiError(409, 'webhook_limit');
    await appendAudit(trx, {
      at: now,
      actorId: actor.accountId,
      action: 'webhook_create',
      detail: { webhook: { id: created, url } },
    });
    return created;
  });
  return { id, secret };
}

async function existing(services: WebhookServices, id: number): Promise<EndpointRow> {
  const row = await findEndpoint(services.database.db, id);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export async function changeWebhook(
  services: WebhookServices,
  actor: StaffIdentity,
  id: number,
  input: Partial<WebhookEndpointInput>,
): Promise<WebhookEndpoint> {
  const row = await existing(services, id);
  const values: Updateable<WebhookEndpointTable> = {};
  if (input.url !== undefined) values.url = await checkedUrl(services, input.url);
  if (input.description !== undefined) values.description = input.description;
  if (input.events !== undefined) values.events = JSON.stringify([...new Set(input.events)]);
  if (input.headers !== undefined) Object.assign(values, sealedHeaders(services, checkedHeaders(input.headers)));
  if (input.enabled !== undefined) {
    values.enabled = input.enabled ? 1 : 0;
    // Enabled again by an admin: the server's reason and the failure clock start over.
    if (input.enabled) Object.assign(values, { disabled_reason: null, failing_since: null });
  }
  const now = services.clock();
  await services.database.transaction('durable', async (trx) => {
    if (Object.keys(values).length > 0 && !(await updateEndpoint(trx, id, values)))
      throw new ApiError(404, 'not_found');
    await appendAudit(trx, {
      at: now,
      actorId: actor.accountId,
      action: 'webhook_update',
      detail: { webhook: { id, url: values.url ?? row.url }, changed: Object.keys(input).sort() },
    });
  });
  return endpointSummary(await existing(services, id), services.clock());
}

export async function removeWebhook(services: WebhookServices, actor: StaffIdentity, id: number): Promise<void> {
  const row = await existing(services, id);
  const now = services.clock();
  await services.database.transaction('durable', async (trx) => {
    if (!(await deleteEndpoint(trx, id))) throw new ApiError(404, 'not_found');
    await appendAudit(trx, {
      at: now,
      actorId: actor.accountId,
      action: 'webhook_delete',
      detail: { webhook: { id, url: row.url } },
    });
  });
}

/**
 * A new secret; the one it replaces signs beside it for 24 hours (two `v1,` signatures), so no
 * receiver loses an event while it switches. While a rotated-out secret still signs, another
 * rotation would drop it early and leave the receivers still on it failing: it is refused (409
 * webhook_rotation_pending) unless the admin asks for that (`dropPrevious`, e.g. the old secret
 * leaked). Compare-and-set on the current secret: of two rotations at once, one wins and the
 * other is refused, so no answered secret is lost.
 */
export async function rotateSecret(
  services: WebhookServices,
  actor: StaffIdentity,
  id: number,
  options: { dropPrevious?: boolean } = {},
): Promise<string> {
  const row = await existing(services, id);
  const now = services.clock();
  const stillSigns = row.previous_secret !== null && Number(row.previous_secret_until) > now;
  if (stillSigns && !options.dropPrevious) throw new ApiError(409, 'webhook_rotation_pending');
  const secret = newWebhookSecret();
  await services.database.transaction('durable', async (trx) => {
    const rotated = await replaceSecret(trx, id, row.secret, {
      secret: services.box.seal(secret),
      previous_secret: row.secret,
      previous_secret_until: now + ROTATION_OVERLAP_MS,
    });
    if (!rotated)
      throw (await findEndpoint(trx, id))
        ? new ApiError(409, 'webhook_rotation_pending')
        : new ApiError(404, 'not_found');
    await appendAudit(trx, {
      at: now,
      actorId: actor.accountId,
      action: 'webhook_rotate',
      detail: { webhook: { id, url: row.url }, ...(stillSigns ? { reason: 'previous_secret_dropped' } : {}) },
    });
  });
  return secret;
}

/** «ارسال رویداد آزمایشی»: a `ping` sent at once, outside the queue, logged like any delivery. */
export async function sendTestEvent(
  services: WebhookServices,
  actor: StaffIdentity,
  id: number,
): Promise<WebhookTestAnswer> {
  const row = await existing(services, id);
  const now = services.clock();
  const payload: WebhookPayload = {
    type: 'ping',
    timestamp: new Date(now).toISOString(),
    data: { id: 0, trackingCode: '', status: 'ping', definitionVersion: services.definitionVersion() },
  };
  const claim = randomBytes(12).toString('base64url');
  const message = await services.database.transaction('durable', async (trx) => {
    await appendAudit(trx, {
      at: now,
      actorId: actor.accountId,
      action: 'webhook_test',
      detail: { webhook: { id, url: row.url } },
    });
    return insertClaimedMessage(
      trx,
      {
        endpointId: id,
        event: 'ping',
        payload: JSON.stringify(payload),
        claim,
        leaseUntil: now + leaseFor(services.timeoutMs),
      },
      now,
    );
  });
  const answer = await attemptDelivery(services, message, claim, { retry: false, evenDisabled: true });
  return { status: answer?.status ?? null, ms: answer?.ms ?? 0, answer: answer?.answer ?? '' };
}

/** An attempt that failed is pending while its event is still to be tried again. */
function deliveryState(delivered: boolean, messageStatus: string): WebhookDelivery['state'] {
  if (delivered) return 'delivered';
  return messageStatus === 'waiting' || messageStatus === 'sending' ? 'pending' : 'failed';
}

export async function deliveriesOf(services: WebhookServices, id: number, limit: number): Promise<WebhookDelivery[]> {
  await existing(services, id);
  const rows = await listAttempts(services.database.db, id, limit);
  return rows.map((row) => ({
    id: row.id,
    webhookId: row.webhook_id,
    event: row.event,
    attempt: row.attempt,
    status: row.status,
    state: deliveryState(row.delivered === 1, row.message_status),
    at: new Date(Number(row.at)).toISOString(),
    answer: row.answer,
  }));
}

/** «ارسال دوباره»: the delivery's event goes back in the queue, due at once, with its webhook-id. */
export async function replayDelivery(
  services: WebhookServices,
  actor: StaffIdentity,
  id: number,
  deliveryId: number,
): Promise<void> {
  const row = await existing(services, id);
  const now = services.clock();
  const queued = await services.database.transaction('durable', async (trx) => {
    if (!(await requeueAttempt(trx, id, deliveryId, now))) return false;
    await appendAudit(trx, {
      at: now,
      actorId: actor.accountId,
      action: 'webhook_replay',
      detail: { webhook: { id, url: row.url } },
    });
    return true;
  });
  if (!queued) {
    const known = await attemptExists(services.database.db, id, deliveryId);
    throw known ? new ApiError(409, 'replay_busy') : new ApiError(404, 'not_found');
  }
}
