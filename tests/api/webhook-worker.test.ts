/**
 * The leased worker's slots, on a queue in memory: deliveries start as slots come free, never
 * more at once than its limit, never more per receiver than that receiver's limit, and a slow
 * delivery holds only its own slot.
 */
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LeasedWorker } from '../../src/server/outbox/leased-worker.js';

interface Row {
  id: number;
  receiver: number;
}

/** A queue whose deliveries end only when the test ends them. */
function queue(rows: Row[]) {
  const waiting = [...rows];
  const running = new Map<number, () => void>();
  const started: Row[] = [];
  const worker = new LeasedWorker<Row>({
    write: (work) => work(undefined as never),
    clock: () => 0,
    log: { warn: () => undefined } as unknown as FastifyBaseLogger,
    leaseMs: 60_000,
    claimDue: async (_db, { limit, busy }) => {
      const taken = waiting.filter((row) => !busy.includes(row.receiver)).slice(0, limit);
      for (const row of taken) waiting.splice(waiting.indexOf(row), 1);
      return taken;
    },
    deliver: (row) =>
      new Promise<boolean>((resolve) => {
        started.push(row);
        running.set(row.id, () => resolve(true));
      }),
    unreadWarning: 'unread',
    concurrency: 8,
    perReceiver: {
      receiverOf: (row) => row.receiver,
      limit: 3,
      release: async (_db, _claim, given) => void waiting.unshift(...given),
    },
  });
  const settle = async () => {
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  const finish = async (id: number) => {
    running.get(id)?.();
    running.delete(id);
    await settle();
  };
  const perReceiver = () =>
    [...running.keys()].reduce<Record<number, number>>((counts, id) => {
      const { receiver } = started.find((row) => row.id === id)!;
      return { ...counts, [receiver]: (counts[receiver] ?? 0) + 1 };
    }, {});
  return { worker, waiting, running, started, settle, finish, perReceiver };
}

describe('the leased worker', () => {
  it('fills its slots, holds a slow receiver to its limit and claims again as each delivery ends', async () => {
    // Ten events for a slow receiver queued first, then one each for ten others.
    const rows = [
      ...Array.from({ length: 10 }, (_, n) => ({ id: n, receiver: 1 })),
      ...Array.from({ length: 10 }, (_, n) => ({ id: 100 + n, receiver: 2 + n })),
    ];
    const q = queue(rows);
    q.worker.nudge();
    await q.settle();
    expect(q.running.size).toBe(8);
    expect(q.perReceiver()[1]).toBe(3);
    // One other receiver answers: its slot takes the next event at once, the slow ones still out.
    const fast = [...q.running.keys()].find((id) => id >= 100)!;
    await q.finish(fast);
    expect(q.running.size).toBe(8);
    expect(q.perReceiver()[1]).toBe(3);
    // Every other receiver is served while the slow one has answered nothing.
    while ([...q.running.keys()].some((id) => id >= 100))
      await q.finish([...q.running.keys()].find((id) => id >= 100)!);
    expect(q.started.filter((row) => row.receiver !== 1)).toHaveLength(10);
    expect(q.running.size).toBe(3);
    expect(q.waiting).toHaveLength(7);
    // The slow receiver answers at last: its other events follow, three at a time.
    while (q.running.size > 0) await q.finish([...q.running.keys()][0]);
    expect(q.started).toHaveLength(20);
    await q.worker.stop();
  });

  it('answers from runOnce once every delivery it started has settled', async () => {
    const q = queue(Array.from({ length: 5 }, (_, n) => ({ id: n, receiver: n })));
    const pass = q.worker.runOnce();
    await q.settle();
    for (const id of [...q.running.keys()]) await q.finish(id);
    expect(await pass).toBe(5);
  });
});
