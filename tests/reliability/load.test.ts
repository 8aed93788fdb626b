/**
 * Load: valid registrations at many concurrent visitors, each fetching cookies, token and
 * captcha the normal way; every 200 must be exactly one row (matched by tracking code and national
 * code), no 5xx, no duplicate. Then each registration sent TWICE at once with one Idempotency-Key:
 * one row per key and two identical answers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { registrationRows } from './harness/db.js';
import { dbKinds, sizes } from './harness/env.js';
import { recordFigure } from './harness/figures.js';
import { runLoad } from './harness/load.js';
import { percentile } from './harness/pool.js';
import { reconcile, summarise } from './harness/reconcile.js';
import { startScenario, type Scenario } from './harness/scenario.js';
import { stopAllServers } from './harness/server.js';

describe.each(dbKinds)('load (%s)', (kind) => {
  const scenarios: Scenario[] = [];
  afterAll(async () => {
    for (const scenario of scenarios) await scenario.close();
    await stopAllServers();
  });

  it(`${sizes.registrations} registrations at ${sizes.concurrency} concurrent visitors: every 200 is exactly one row`, async () => {
    const scenario = await startScenario(kind, 'load');
    scenarios.push(scenario);
    const started = Date.now();
    const attempts = await runLoad({
      port: scenario.server.port,
      total: sizes.registrations,
      concurrency: sizes.concurrency,
      seed: 11,
    });
    const seconds = (Date.now() - started) / 1000;
    const rows = await registrationRows(scenario.db);
    const result = reconcile(attempts, rows);
    const ok = attempts.filter((a) => a.status === 200);
    const latencies = ok.map((a) => a.ms);

    recordFigure(kind, 'load: registrations tried', attempts.length);
    recordFigure(kind, 'load: 200', ok.length);
    recordFigure(kind, 'load: refused 4xx', attempts.filter((a) => a.status >= 400 && a.status < 500).length);
    recordFigure(kind, 'load: 5xx', attempts.filter((a) => a.status >= 500).length);
    recordFigure(kind, 'load: transport errors', attempts.filter((a) => a.status === 0).length);
    recordFigure(kind, 'load: rows expected', result.acknowledged);
    recordFigure(kind, 'load: rows found', rows.length);
    recordFigure(kind, 'load: lost', result.lost.length);
    recordFigure(kind, 'load: duplicates', result.duplicates.length);
    recordFigure(kind, 'load: registrations/s', Math.round(ok.length / seconds));
    recordFigure(kind, 'load: p50 ms', percentile(latencies, 50));
    recordFigure(kind, 'load: p99 ms', percentile(latencies, 99));

    expect(scenario.server.alive).toBe(true);
    expect(ok.length, summarise(attempts)).toBe(sizes.registrations);
    expect(
      result.lost.map((a) => a.trackingCode),
      'acknowledged but not in the database',
    ).toEqual([]);
    const { rowDiffers } = await import('./harness/reconcile.js');
    const firstMismatch = result.mismatched[0];
    const detail = firstMismatch
      ? rowDiffers(
          rows.find((row) => row.tracking_code === firstMismatch.trackingCode)!,
          firstMismatch.registration!,
        )
      : '';
    expect(result.mismatched.length, `rows not holding what was sent (normalised), e.g. ${detail}`).toBe(0);
    expect(
      attempts.filter((a) => a.sent && a.status === 200).length,
      'registrations typed by hand were accepted',
    ).toBeGreaterThan(0);
    expect(result.duplicates, 'national codes stored twice').toEqual([]);
    expect(rows.length, 'rows = acknowledged registrations').toBe(result.acknowledged);
    expect(result.unexpectedRows).toBe(0);
  });

  it(`${sizes.registrations} registrations each sent twice at once with one Idempotency-Key: one row per key, identical answers`, async () => {
    const scenario = await startScenario(kind, 'twins');
    scenarios.push(scenario);
    const attempts = await runLoad({
      port: scenario.server.port,
      total: sizes.registrations,
      concurrency: sizes.concurrency,
      seed: 12,
      twin: true,
    });
    const rows = await registrationRows(scenario.db);
    const result = reconcile(attempts, rows);
    const identical = attempts.filter((a) => a.status === 200 && a.twin?.status === 200 && a.twin.body === a.body);
    const differing = attempts.filter((a) => a.twin && (a.twin.status !== a.status || a.twin.body !== a.body));
    const fiveHundreds = attempts.filter((a) => a.status >= 500 || (a.twin?.status ?? 0) >= 500);

    recordFigure(kind, 'idempotent pairs: keys sent', attempts.length);
    recordFigure(kind, 'idempotent pairs: both 200 and identical', identical.length);
    recordFigure(kind, 'idempotent pairs: answers differing', differing.length);
    recordFigure(kind, 'idempotent pairs: 5xx', fiveHundreds.length);
    recordFigure(kind, 'idempotent pairs: rows found', rows.length);
    recordFigure(kind, 'idempotent pairs: duplicates', result.duplicates.length);

    const example = differing[0]
      ? `${differing[0].status} ${differing[0].body} vs ${differing[0].twin?.status} ${differing[0].twin?.body}`
      : '';
    expect(differing.length, `pairs answered differently, e.g. ${example}`).toBe(0);
    expect(identical.length, summarise(attempts)).toBe(sizes.registrations);
    expect(result.lost.length).toBe(0);
    expect(result.duplicates, 'a key stored twice').toEqual([]);
    expect(rows.length, 'one row per key').toBe(sizes.registrations);
  });

  // Several processes behind a load balancer share one PostgreSQL (docs/production.md): the two
  // copies of a request may land on different processes. Still one row and one answer.
  if (kind === 'postgres')
    it('two processes on one PostgreSQL, the twin requests split between them: one row per key, identical answers', async () => {
      const scenario = await startScenario(kind, 'twoproc');
      scenarios.push(scenario);
      const { ServerProcess } = await import('./harness/server.js');
      const second = await ServerProcess.start({ databaseUrl: scenario.db.url, label: 'twoproc2/postgres' });
      scenario.servers.push(second);
      const { ApiClient } = await import('./harness/http.js');
      const { solveCaptcha } = await import('./harness/captcha.js');
      const { seededRandom, validRegistration } = await import('./harness/data.js');
      const { randomUUID } = await import('node:crypto');
      const random = seededRandom(13);
      const pairs = Math.max(50, Math.floor(sizes.registrations / 8));
      const { runPool } = await import('./harness/pool.js');
      const outcomes = await runPool(pairs, sizes.concurrency, async () => {
        // One visitor, whose cookies both processes accept (same secret), as behind a balancer.
        const a = new ApiClient(scenario.server.port);
        await a.start();
        const b = new ApiClient(second.port);
        for (const [name, value] of a.jar.cookies) b.jar.cookies.set(name, value);
        const captcha = await a.captcha();
        const body = validRegistration(random, { id: captcha.id, validOptionIndex: solveCaptcha(captcha) });
        const key = randomUUID();
        const [one, two] = await Promise.all([
          a.register(body, { idempotencyKey: key }),
          b.register(body, { idempotencyKey: key }),
        ]);
        return { one, two, nationalCode: body.adminData.nationalCode };
      });
      const rows = await registrationRows(scenario.db);
      const identical = outcomes.filter(
        (o) => o.one.status === 200 && o.two.status === 200 && o.one.text === o.two.text,
      ).length;
      const inProgress = outcomes.filter((o) => [o.one, o.two].some((r) => r.status === 503)).length;
      const statuses = new Map<string, number>();
      for (const o of outcomes)
        statuses.set(`${o.one.status}/${o.two.status}`, (statuses.get(`${o.one.status}/${o.two.status}`) ?? 0) + 1);
      recordFigure(kind, 'two processes: pairs identical', `${identical}/${pairs}`);
      recordFigure(kind, 'two processes: pairs with a 503', inProgress);
      recordFigure(kind, 'two processes: rows', `${rows.length} (expected ${pairs})`);
      console.log(`[two processes] answers per pair: ${[...statuses].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
      const byNational = new Map<string, number>();
      for (const row of rows)
        byNational.set(String(row.national_code), (byNational.get(String(row.national_code)) ?? 0) + 1);
      expect(
        [...byNational.values()].every((n) => n === 1),
        'a key stored twice',
      ).toBe(true);
      expect(rows.length).toBe(pairs);
      expect(identical, [...statuses].join(' ')).toBe(pairs);
    });
});
