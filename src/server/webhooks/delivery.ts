import { request as httpRequest, type Agent, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';
import { AddressRefused, isPublicAddress, publicOnlyLookup } from './address-check.js';

/** What the delivery log keeps of an answer. */
export const ANSWER_BYTES = 500;

export interface SignedRequest {
  url: string;
  webhookId: string;
  body: string;
  /** The secrets that sign: the current one, and the one rotated out while it still signs. */
  secrets: string[];
  headers: Record<string, string>;
  /** Epoch milliseconds: `webhook-timestamp`. */
  at: number;
}

export interface ReceiverAnswer {
  /** The HTTP status, or null when there was none (timeout, refused address, connection error). */
  status: number | null;
  /** The first 500 bytes of the body, or why there was no answer. */
  answer: string;
  /** Retry-After of a 429 or 503, in milliseconds. */
  retryAfterMs?: number;
  ms: number;
}

/** The three headers of Standard Webhooks; one `v1,` signature per secret, separated by spaces. */
export function signatureHeaders(request: Omit<SignedRequest, 'url' | 'headers'>): Record<string, string> {
  const timestamp = new Date(request.at);
  return {
    'webhook-id': request.webhookId,
    'webhook-timestamp': String(Math.floor(request.at / 1000)),
    'webhook-signature': request.secrets
      .map((secret) => new Webhook(secret).sign(request.webhookId, timestamp, request.body))
      .join(' '),
  };
}

export interface Sender {
  send(request: SignedRequest): Promise<ReceiverAnswer>;
  close(): void;
}

/**
 * Posts signed events with node:http(s) through request-filtering-agent: the address is checked
 * as the connection is made, after DNS answered, so a name that resolved to a public address at
 * save and to a private one now (DNS rebinding) is refused before a byte is sent. `lookup` is the
 * resolver the agent filters (tests stub it).
 */
export function webhookSender(options: { allowPrivate: boolean; timeoutMs: number; lookup: LookupFunction }): Sender {
  // Connections are kept for the next event to the same receiver: a TLS handshake per delivery
  // costs the server more CPU than the delivery itself. A kept socket was checked when it was made,
  // to the address it still talks to, so keeping it opens no way around the check.
  const filter = {
    allowPrivateIPAddress: options.allowPrivate,
    keepAlive: true,
    keepAliveMsecs: 1000,
    // No cap on sockets: a capped pool queues a pass's deliveries behind slow receivers, and a
    // queued request spends its timeout waiting for a socket.
    maxFreeSockets: 32,
    timeout: options.timeoutMs,
  };
  const agents = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };
  const lookup = options.allowPrivate ? options.lookup : publicOnlyLookup(options.lookup);
  return {
    send: (request) =>
      !options.allowPrivate && !literalHostIsPublic(request.url)
        ? Promise.resolve({ status: null, answer: 'not delivered: address not allowed', ms: 0 })
        : postOnLiveConnection(request, agents, { ...options, lookup }),
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** A URL whose host is an address, not a name, connects without a lookup: its address is checked here. */
function literalHostIsPublic(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return true;
  }
  return isIP(host) === 0 || isPublicAddress(host);
}

/**
 * A kept connection the receiver closed while it sat idle fails as it is reused, before any answer
 * (ECONNRESET, "socket hang up"): the event is sent once more, at once, on a new connection, as
 * Node's documentation advises, rather than counted as a failed attempt and retried 5 s later. The
 * same webhook-id goes again, which a receiver deduplicates anyway.
 */
async function postOnLiveConnection(
  request: SignedRequest,
  agents: { http: Agent; https: Agent },
  options: { timeoutMs: number; lookup: LookupFunction },
): Promise<ReceiverAnswer> {
  const { staleConnection, ...answer } = await post(request, agents, options);
  if (!staleConnection) return answer;
  const { staleConnection: _again, ...second } = await post(request, agents, options);
  return second;
}

function post(
  request: SignedRequest,
  agents: { http: Agent; https: Agent },
  options: { timeoutMs: number; lookup: LookupFunction },
): Promise<ReceiverAnswer & { staleConnection?: boolean }> {
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<ReceiverAnswer, 'ms'> & { staleConnection?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: Date.now() - started });
    };
    const timer = setTimeout(() => {
      finish({ status: null, answer: `no answer within ${options.timeoutMs} ms` });
      outgoing?.destroy();
    }, options.timeoutMs);
    let outgoing: ClientRequest | undefined;
    try {
      outgoing = openRequest(request, agents, options);
    } catch (error) {
      // Node refused the request before a byte left (a header it will not send, a malformed URL):
      // an attempt that failed like any other, not an error of the worker.
      return finish({ status: null, answer: `not sent: ${(error as Error).message}` });
    }
    const sent = outgoing;
    sent.on('error', (error: NodeJS.ErrnoException) => {
      const stale = sent.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      finish({ status: null, answer: notDelivered(error), ...(stale ? { staleConnection: true } : {}) });
    });
    sent.on('response', (response) => void readAnswer(response).then(finish));
    sent.end(request.body);
  });
}

function openRequest(
  request: SignedRequest,
  agents: { http: Agent; https: Agent },
  options: { lookup: LookupFunction },
): ClientRequest {
  const https = request.url.startsWith('https:');
  return (https ? httpsRequest : httpRequest)(request.url, {
    method: 'POST',
    agent: https ? agents.https : agents.http,
    lookup: options.lookup,
    headers: {
      ...request.headers,
      'content-type': 'application/json',
      'user-agent': 'pharmacy-registration-webhooks/1',
      ...signatureHeaders(request),
    },
  });
}

/**
 * Why a request did not go through. The address filter's own words name the address a host
 * resolved to; an admin reading the delivery log or the test ping learns only that it was refused.
 */
function notDelivered(error: Error): string {
  if (error instanceof AddressRefused || / is not allowed\b/.test(error.message))
    return 'not delivered: address not allowed';
  return `not delivered: ${error.message}`;
}

/** The first ANSWER_BYTES of the answer are read, then the connection is dropped: the rest is never read. */
async function readAnswer(response: IncomingMessage): Promise<Omit<ReceiverAnswer, 'ms'>> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= ANSWER_BYTES) break;
    }
  } catch {
    // The answer broke off: what came is what the log keeps.
  }
  // Leaving the loop early destroyed the answer; a socket whose answer was not read to its end
  // is closed rather than kept, so nothing more of it is ever read.
  if (!response.complete) response.socket?.destroy();
  const status = response.statusCode ?? null;
  const answer = Buffer.concat(chunks)
    .subarray(0, ANSWER_BYTES)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  const retryAfterMs = status === 429 || status === 503 ? retryAfter(response.headers['retry-after']) : undefined;
  return { status, answer, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
}

const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** Retry-After in seconds or as an HTTP date, within a day. */
export function retryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms) || ms < 0) return undefined;
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}
