/**
 * The sender's connections: a pass of the worker sends its whole batch at once, so none of those
 * requests may spend its timeout queued for a connection behind slow answers (the reliability
 * suite's kill -9 scenario found a capped pool doing exactly that).
 */
import { lookup } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ANSWER_BYTES,
  retryAfter,
  webhookSender,
  type Sender,
  type SignedRequest,
} from '../../src/server/webhooks/delivery.js';
import { webhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.js';

const TIMEOUT_MS = 1000;
const BATCH = 20;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** Event n, signed, to `url`. */
const event = (url: string, n: number): SignedRequest => ({
  url,
  webhookId: `msg_${n}`,
  body: '{}',
  secrets: [SECRET],
  headers: {},
  at: Date.now(),
});

describe('webhook sender', () => {
  let receiver: WebhookReceiver | undefined;
  let sender: Sender | undefined;
  afterEach(async () => {
    sender?.close();
    await receiver?.close();
  });

  it('sends a whole batch at once: answers taking most of the timeout all arrive', async () => {
    receiver = await webhookReceiver();
    receiver.otherwise({ status: 200, body: 'ok', delayMs: TIMEOUT_MS * 0.6 });
    sender = webhookSender({ allowPrivate: true, timeoutMs: TIMEOUT_MS, lookup });
    const answers = await Promise.all(Array.from({ length: BATCH }, (_, n) => sender!.send(event(receiver!.url, n))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(BATCH).fill(200));
    expect(receiver.concurrency().most).toBe(BATCH);
  });

  it('keeps connections for the next delivery to the same receiver', async () => {
    receiver = await webhookReceiver();
    sender = webhookSender({ allowPrivate: true, timeoutMs: TIMEOUT_MS, lookup });
    const send = (n: number) => sender!.send(event(receiver!.url, n));
    for (let n = 0; n < 5; n += 1) expect((await send(n)).status).toBe(200);
    expect(receiver.connections()).toBe(1);
  });

  it('sends again at once on a new connection when the kept one was closed by the receiver', async () => {
    // A receiver that drops a connection when it is used a second time, as one closing idle
    // connections does at the moment the sender reuses one.
    const uses = new WeakMap<object, number>();
    let connections = 0;
    const server: Server = createServer((incoming, answer) => {
      const used = (uses.get(incoming.socket) ?? 0) + 1;
      uses.set(incoming.socket, used);
      if (used > 1) return void incoming.socket.destroy();
      incoming.resume();
      incoming.on('end', () => answer.end('ok'));
    });
    server.on('connection', () => void (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    sender = webhookSender({ allowPrivate: true, timeoutMs: TIMEOUT_MS, lookup });
    try {
      const send = (n: number) => sender!.send(event(url, n));
      expect((await send(1)).status).toBe(200);
      const again = await send(2);
      expect(again).toMatchObject({ status: 200, answer: 'ok' });
      expect(again).not.toHaveProperty('staleConnection');
      expect(connections).toBe(2);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reads no more of an answer than the log keeps, and drops the connection', async () => {
    // A receiver whose answer never ends: the sender must not read it to its end.
    let written = 0;
    let closed!: () => void;
    const dropped = new Promise<void>((resolve) => (closed = resolve));
    const server: Server = createServer((incoming, answer) => {
      incoming.resume();
      incoming.on('end', () => {
        answer.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        const more = () => {
          while (!answer.destroyed && answer.write(chunk)) written += chunk.length;
        };
        answer.on('drain', more);
        answer.on('close', closed);
        more();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    sender = webhookSender({ allowPrivate: true, timeoutMs: 60_000, lookup });
    try {
      const answer = await sender.send(event(url, 1));
      expect(answer).toMatchObject({ status: 200, answer: 'a'.repeat(ANSWER_BYTES) });
      await dropped;
      // What the socket buffers held when it was closed, not the endless rest.
      expect(written).toBeLessThan(64 * 1024 * 1024);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses an answer whose headers pass 16 KiB, and holds a Retry-After to a day', async () => {
    const server: Server = createServer((incoming, answer) => {
      incoming.resume();
      incoming.on('end', () => answer.writeHead(200, { 'x-filler': 'a'.repeat(20 * 1024) }).end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    sender = webhookSender({ allowPrivate: true, timeoutMs: TIMEOUT_MS, lookup });
    try {
      const answer = await sender.send(event(url, 1));
      expect(answer).toMatchObject({ status: null, answer: expect.stringMatching(/^not delivered: /) });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(retryAfter(String(365 * 24 * 3600))).toBe(24 * 3_600_000);
  });
});
