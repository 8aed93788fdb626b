// The webhooks section's receiver, run in a worker thread of the bench process: its TLS handshakes
// and signature checks never hold up the event loop that times the requests under measurement.
// It verifies each delivery with standardwebhooks, as a receiver would, then answers 200 after
// `delayMs`.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { parentPort, workerData } from 'node:worker_threads';
import { Webhook } from 'standardwebhooks';

export interface ReceiverSettings {
  delayMs: number;
  /** PEM files of its certificate for 127.0.0.1; plain http without them. */
  tls?: { keyFile: string; certFile: string };
}

export interface ReceiverCounts {
  received: number;
  verified: number;
  /** Verified deliveries by event type. */
  byEvent: Record<string, number>;
}

/** What the bench asks: an endpoint's secret (by its path), zeroed counts, or the counts so far. */
export type ReceiverRequest = { kind: 'secret'; path: string; secret: string } | { kind: 'reset' } | { kind: 'counts' };
export type ReceiverReport = { kind: 'listening'; port: number } | { kind: 'counts'; counts: ReceiverCounts };

const settings = workerData as ReceiverSettings;
const port = parentPort!;
const secrets = new Map<string, string>();
let counts: ReceiverCounts = { received: 0, verified: 0, byEvent: {} };

function verified(request: IncomingMessage, body: string): string | undefined {
  try {
    const event = new Webhook(secrets.get(request.url ?? '') ?? '').verify(
      body,
      request.headers as Record<string, string>,
    ) as { type: string };
    return event.type;
  } catch {
    return undefined;
  }
}

function receive(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    counts.received += 1;
    const type = verified(request, Buffer.concat(chunks).toString('utf8'));
    if (type !== undefined) {
      counts.verified += 1;
      counts.byEvent[type] = (counts.byEvent[type] ?? 0) + 1;
    }
    setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), settings.delayMs);
  });
}

const server = settings.tls
  ? createHttpsServer({ key: readFileSync(settings.tls.keyFile), cert: readFileSync(settings.tls.certFile) }, receive)
  : createHttpServer(receive);

port.on('message', (request: ReceiverRequest) => {
  if (request.kind === 'secret') secrets.set(request.path, request.secret);
  else if (request.kind === 'reset') counts = { received: 0, verified: 0, byEvent: {} };
  else port.postMessage({ kind: 'counts', counts } satisfies ReceiverReport);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  port.postMessage({
    kind: 'listening',
    port: typeof address === 'object' && address ? address.port : 0,
  } satisfies ReceiverReport);
});
