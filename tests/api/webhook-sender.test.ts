/**
 * The sender's connections: a pass of the worker sends its whole batch at once, so none of those
 * requests may spend its timeout queued for a connection behind slow answers (the reliability
 * suite's kill -9 scenario found a capped pool doing exactly that).
 */
import { lookup } from 'node:dns';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookSender, type Sender } from '../../src/server/webhooks/delivery.js';
import { webhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.js';

const TIMEOUT_MS = 1000;
const BATCH = 20;

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
    const answers = await Promise.all(
      Array.from({ length: BATCH }, (_, n) =>
        sender!.send({
          url: receiver!.url,
          webhookId: `msg_${n}`,
          body: '{}',
          secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
          headers: {},
          at: Date.now(),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(BATCH).fill(200));
    expect(receiver.concurrency().most).toBe(BATCH);
  });

  it('keeps connections for the next delivery to the same receiver', async () => {
    receiver = await webhookReceiver();
    sender = webhookSender({ allowPrivate: true, timeoutMs: TIMEOUT_MS, lookup });
    const send = (n: number) =>
      sender!.send({
        url: receiver!.url,
        webhookId: `msg_${n}`,
        body: '{}',
        secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
        headers: {},
        at: Date.now(),
      });
    for (let n = 0; n < 5; n += 1) expect((await send(n)).status).toBe(200);
    expect(receiver.connections()).toBe(1);
  });
});
