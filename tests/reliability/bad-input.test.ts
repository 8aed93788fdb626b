/**
 * Bad input: thousands of generated malformed registration requests against a real server,
 * each with a valid XSRF token (so the validation layer is what answers) and many with a fresh,
 * rightly answered captcha (so only the defect stands between the request and a stored row).
 * Then: SQL and HTML payloads in the free text of VALID registrations come back verbatim from the
 * database and are only ever answered as JSON.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, registrationRows } from './harness/db.js';
import { seededRandom, validRegistration } from './harness/data.js';
import { dbKinds, sizes } from './harness/env.js';
import { recordFigure } from './harness/figures.js';
import { badRequest, htmlPayloads, sqlPayloads } from './harness/generators.js';
import { ApiClient, errorBodyProblem, paths, rawRequest, TransportError, type HttpResponse } from './harness/http.js';
import { runPool } from './harness/pool.js';
import { sendRawHttp } from './harness/raw-socket.js';
import { startScenario, type Scenario } from './harness/scenario.js';
import { stopAllServers } from './harness/server.js';

const SESSIONS = 16;

interface Outcome {
  kind: string;
  defect: string;
  status: number;
  problem?: string;
  fresh: boolean;
}

async function toRaw(promise: Promise<HttpResponse>): Promise<{ status: number; body: string; json: any }> {
  const response = await promise;
  return { status: response.status, body: response.text, json: response.json };
}

describe.each(dbKinds)('bad input (%s)', (kind) => {
  let scenario: Scenario;

  beforeAll(async () => {
    scenario = await startScenario(kind, 'badinput');
  });

  afterAll(async () => {
    await scenario?.close();
    await stopAllServers();
  });

  it(`${sizes.badRequests} generated malformed requests: all refused with a Persian 4xx, none stored, server healthy`, async () => {
    const seed = Number(process.env.RELIABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const samples = fc.sample(badRequest, { numRuns: sizes.badRequests, seed });
    const clients = await Promise.all(
      Array.from({ length: SESSIONS }, async () => {
        const client = new ApiClient(scenario.server.port, { timeoutMs: 20_000 });
        await client.start();
        return client;
      }),
    );

    const outcomes = await runPool(samples.length, SESSIONS, async (index, worker): Promise<Outcome> => {
      const sample = samples[index];
      const client = clients[worker];
      const captcha = sample.freshCaptcha ? await client.solvedCaptcha() : undefined;
      const headers: Record<string, string | undefined> = {};
      if (sample.contentType !== undefined) headers['content-type'] = sample.contentType ?? undefined;
      let response: HttpResponse;
      try {
        response = await client.send(sample.method, sample.path, sample.build(captcha), {
          headers,
          chunked: sample.chunked,
          idempotencyKey: sample.idempotencyKey ?? (index % 2 === 0 ? randomUUID() : undefined),
        });
      } catch (error) {
        // An oversized body may be answered 413 and the connection closed while we still write.
        if (error instanceof TransportError && sample.kind === 'too-large')
          return {
            kind: sample.kind,
            defect: sample.defect,
            status: -1,
            fresh: !!captcha,
            problem: `transport ${error.code}`,
          };
        throw error;
      }
      const problems: string[] = [];
      if (response.status < 400 || response.status > 499) problems.push(`status ${response.status}`);
      if (sample.expectStatus !== undefined && response.status !== sample.expectStatus)
        problems.push(`expected ${sample.expectStatus}, got ${response.status}`);
      if (sample.method !== 'HEAD') {
        const bodyProblem = errorBodyProblem(response);
        if (bodyProblem) problems.push(bodyProblem);
        if (!String(response.headers['content-type']).startsWith('application/json'))
          problems.push(`content-type ${response.headers['content-type']}`);
      }
      if (response.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
      return {
        kind: sample.kind,
        defect: sample.defect,
        status: response.status,
        fresh: !!captcha,
        problem: problems.join('; ') || undefined,
      };
    });

    const health = await new ApiClient(scenario.server.port).get(paths.health);
    const rows = await countRows(scenario.db, 'registrations');
    const refused = outcomes.filter((o) => o.status >= 400 && o.status < 500).length;
    const serverErrors = outcomes.filter((o) => o.status >= 500);
    const statuses = [...new Set(outcomes.map((o) => o.status))].sort();
    const failures = outcomes.filter((o) => o.problem !== undefined && o.status !== -1);
    const resets = outcomes.filter((o) => o.status === -1).length;

    recordFigure(kind, 'bad input: requests tried', outcomes.length);
    recordFigure(kind, 'bad input: refused 4xx', refused);
    recordFigure(kind, 'bad input: 5xx', serverErrors.length);
    recordFigure(kind, 'bad input: other answers', outcomes.length - refused - serverErrors.length);
    recordFigure(kind, 'bad input: with a fresh captcha', outcomes.filter((o) => o.fresh).length);
    recordFigure(kind, 'bad input: rows stored', rows);
    recordFigure(kind, 'bad input: distinct status codes', statuses.join(' '));
    recordFigure(kind, 'bad input: seed', seed);

    const byKind = new Map<string, number>();
    for (const o of outcomes) byKind.set(`${o.kind} → ${o.status}`, (byKind.get(`${o.kind} → ${o.status}`) ?? 0) + 1);
    console.log(
      `[bad input ${kind}] seed ${seed}; answers by kind:\n${[...byKind]
        .sort()
        .map(([k, n]) => `  ${k}: ${n}`)
        .join('\n')}`,
    );

    const show = (list: Outcome[]): string =>
      list
        .slice(0, 12)
        .map((o) => `${o.kind} [${o.defect}] → ${o.status}: ${o.problem}`)
        .join('\n');
    expect(scenario.server.alive, scenario.server.tail()).toBe(true);
    expect(health.status, 'GET /api/health after the bad input').toBe(200);
    expect(serverErrors.length, `5xx answers (seed ${seed}):\n${show(serverErrors)}\n${scenario.server.tail(10)}`).toBe(
      0,
    );
    expect(failures.length, `answers breaking the contract (seed ${seed}):\n${show(failures)}`).toBe(0);
    expect(rows, 'rows stored from malformed requests').toBe(0);
    expect(resets, 'oversized bodies must be answered 413, not dropped').toBe(0);
    expect(outcomes.length).toBeGreaterThanOrEqual(sizes.badRequests);
  });

  it("malformed HTTP and URLs are answered with the contract's error body and a Persian message", async () => {
    const port = scenario.server.port;
    const answers = {
      'header line without a colon': await sendRawHttp(
        port,
        'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      ),
      'garbage request line': await sendRawHttp(port, 'GARBAGE\r\n\r\n'),
      'header section over 16 KB': await sendRawHttp(
        port,
        `GET /api/health HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
      'bad percent-encoding in an /api/ path': await toRaw(rawRequest({ port, method: 'GET', path: '/api/%E0%A4%A' })),
      'bad percent-encoding in a page path': await toRaw(rawRequest({ port, method: 'GET', path: '/welcome%E0%A4%A' })),
    };
    const problems: string[] = [];
    for (const [what, answer] of Object.entries(answers)) {
      if (answer.status < 400 || answer.status > 499) problems.push(`${what}: status ${answer.status}`);
      const error = answer.json?.error;
      if (
        typeof error?.message !== 'string' ||
        !/[\u0600-\u06FF]/.test(error.message) ||
        typeof error?.code !== 'string'
      ) {
        problems.push(`${what}: ${answer.status} ${answer.body.slice(0, 140)}`);
      }
    }
    recordFigure(kind, 'malformed HTTP: non-contract answers', problems.length);
    expect(problems).toEqual([]);
    expect(scenario.server.alive).toBe(true);
  });

  it('hostile query strings and headers on every GET route: no 5xx, refusals in Persian', async () => {
    const client = new ApiClient(scenario.server.port);
    await client.start();
    const values = fc.oneof(
      fc.constantFrom(
        '1e400',
        '-1',
        '0',
        'NaN',
        '1.5',
        '99999999999999999999',
        '__proto__',
        'constructor',
        '%00',
        '%E0%A4%A',
        "' OR 1=1 --",
        '<script>',
        '[]',
        '{}',
      ),
      fc.string({ maxLength: 30 }).map(encodeURIComponent),
      // Long, but the whole request stays under Node's 16 KB header limit (431 is tested above).
      fc.integer({ min: 100, max: 3000 }).map((n) => 'x'.repeat(n)),
    );
    const keys = fc.constantFrom('tier', 'tier[]', '__proto__[x]', 'constructor[prototype][x]', 'id', 'a');
    const requests = fc.sample(
      fc.record({
        path: fc.constantFrom(
          paths.statistic,
          paths.config,
          paths.captcha,
          paths.locations,
          paths.health,
          '/welcome',
          '/manager',
        ),
        query: fc.array(fc.tuple(keys, values), { maxLength: 3 }),
        header: fc.constantFrom<Record<string, string>>(
          {},
          { 'if-none-match': 'x'.repeat(2000) },
          { 'accept-language': "fa'; DROP TABLE x" },
          { cookie: 'psid=%zz%; XSRF-TOKEN=%%%' },
          { cookie: `psid=${'a'.repeat(22)}` },
          { accept: 'text/html' },
          { 'x-forwarded-for': 'not-an-ip, 999.1.1.1' },
          { range: 'bytes=0-1,2-3' },
        ),
      }),
      { numRuns: 500, seed: 7 },
    );
    const bad: string[] = [];
    await runPool(requests.length, 8, async (index) => {
      const { path, query, header } = requests[index];
      // Node sends any byte from ! to ÿ as it is: only spaces, controls and wider characters are escaped.
      const safe = (text: string): string => text.replace(/[^\u0021-\u007e]/g, (c) => encodeURIComponent(c));
      const url = query.length === 0 ? path : `${path}?${query.map(([k, v]) => `${safe(k)}=${safe(v)}`).join('&')}`;
      const response = await rawRequest({
        port: scenario.server.port,
        method: 'GET',
        path: url,
        headers: { cookie: client.jar.header(), ...header },
      });
      if (response.status >= 500) bad.push(`${url.slice(0, 80)} → ${response.status}`);
      else if (response.status >= 400 && errorBodyProblem(response))
        bad.push(
          `${url.slice(0, 80)} ${JSON.stringify(header).slice(0, 40)} → ${response.status}: ${errorBodyProblem(response)}`,
        );
    });
    recordFigure(kind, 'hostile GETs: tried / contract broken', `${requests.length} / ${bad.length}`);
    expect(bad.slice(0, 10)).toEqual([]);
    expect(await countRows(scenario.db, 'registrations')).toBe(0);
  });

  it('SQL and HTML payloads in free text of a valid registration are stored verbatim and only ever answered as JSON', async () => {
    const client = new ApiClient(scenario.server.port);
    await client.start();
    const before = await countRows(scenario.db, 'registrations');
    const payloads = [...sqlPayloads, ...htmlPayloads];
    const random = seededRandom(99);
    const sent: Array<{ trackingCode: string; name: string; address: string; firstName: string; lastName: string }> =
      [];
    for (const [i, text] of payloads.entries()) {
      const captcha = await client.solvedCaptcha();
      const r = validRegistration(random, captcha);
      r.name = text.slice(0, 100);
      r.address = `${text} ${r.address}`.slice(0, 500);
      const short = payloads[(i + 3) % payloads.length].slice(0, 50).trim();
      if (short.length >= 2) r.adminData.firstName = short;
      if (text.length <= 50 && text.trim().length >= 2) r.adminData.lastName = text.trim();
      const response = await client.register(r);
      expect(response.status, `${text}: ${response.text}`).toBe(200);
      expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.text, 'the answer does not echo the payload').not.toContain(text);
      sent.push({
        trackingCode: response.json.trackingCode,
        name: r.name,
        address: r.address,
        firstName: r.adminData.firstName,
        lastName: r.adminData.lastName,
      });
    }
    const rows = await registrationRows(scenario.db);
    expect(rows.length).toBe(before + payloads.length);
    let verbatim = 0;
    for (const s of sent) {
      const row = rows.find((candidate) => candidate.tracking_code === s.trackingCode);
      expect(row, s.trackingCode).toBeDefined();
      expect({
        name: row!.pharmacy_name,
        address: row!.address,
        firstName: row!.first_name,
        lastName: row!.last_name,
      }).toEqual({
        name: s.name,
        address: s.address,
        firstName: s.firstName,
        lastName: s.lastName,
      });
      const payload = JSON.parse(String(row!.payload)) as {
        name: string;
        address: string;
        adminData: { firstName: string };
      };
      expect([payload.name, payload.address, payload.adminData.firstName]).toEqual([s.name, s.address, s.firstName]);
      verbatim += 1;
    }
    recordFigure(kind, 'payloads stored verbatim', `${verbatim}/${payloads.length}`);
    // The tables are still there and answer (no payload ran as SQL).
    expect(await countRows(scenario.db, 'captchas')).toBeGreaterThan(0);
  });
});
