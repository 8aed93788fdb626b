/**
 * Our own attack, against one real server process per database, as an editor, an admin, a holder
 * of API keys and an anonymous visitor: the hostile drafts of the corpus and generated ones saved
 * and published while /api/health and the process's memory are watched; spellings of staff paths
 * without the anti-forgery header; unknown API keys at once from one address; oversize, deep and
 * wide bodies, long queries, many cookies, a slow body; webhook headers Node refuses and IPv6 forms
 * carrying a private IPv4; address lookups without a pass and past the paid budget. Then one figure
 * block: inputs tried, 5xx, worst health answer while drafts were checked, peak memory, paid calls.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProgramFile } from '../../src/shared/definition/definition-files.js';
import { definitionStaffPaths } from '../../src/shared/contracts/definition.js';
import { integrationPaths } from '../../src/shared/contracts/integrations.js';
import { staffPaths, type StaffRole } from '../../src/shared/contracts/staff.js';
import type { CodeProofChallenge } from '../../src/shared/contracts/followup.schemas.js';
import { solveCodeProof } from '../fixtures/code-proof.js';
import {
  deepText,
  hostileDefinitions,
  hostileTexts,
  type HostileDefinition,
} from '../fixtures/hostile-definitions/index.js';
import { dbKinds, repoRoot } from './harness/env.js';
import { recordFigure } from './harness/figures.js';
import { ApiClient, errorCode, paths, rawRequest, type HttpResponse } from './harness/http.js';
import { startScenario, type Scenario } from './harness/scenario.js';
import { stopAllServers } from './harness/server.js';
import { mapStandIn, watchServer, type MapStandIn, type Watch } from './harness/watch.js';

const PASSWORD = 'a long adversary password';
const PAID_LOOKUPS_PER_HOUR = 5;
const API_KEY_FAILURES_PER_HOUR = 30;
const GENERATED_DRAFTS = 40;
const CORPUS = ['own-meta-schema', 'ref-fan-out', 'ref-cycle'];
const STEP = 'steps/pharmacy-info.schema.json';

function addAccount(databaseUrl: string, email: string, role: StaffRole): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/staff.ts', 'add', email, '--role', role], {
    cwd: repoRoot,
    input: `${PASSWORD}\n`,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
}

/** The definition's own files of an entry (the program's meta-schemas are not a draft's). */
function draftTexts(texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).filter(([path]) => !isProgramFile(path)));
}

/** 503s the contract promises (a budget spent, with Retry-After): a refusal, not a failure. */
const CONTRACT_503 = new Set(['address_capacity']);

/** Every answer of the attack, counted; a 5xx off the contract is kept with what caused it. */
class Tally {
  tried = 0;
  contract503 = 0;
  readonly serverErrors: string[] = [];
  take(what: string, response: HttpResponse): HttpResponse {
    this.tried += 1;
    const code = errorCode(response);
    if (response.status === 503 && code && CONTRACT_503.has(code) && response.headers['retry-after'])
      this.contract503 += 1;
    else if (response.status >= 500)
      this.serverErrors.push(`${what}: ${response.status} ${response.text.slice(0, 200)}`);
    return response;
  }
}

// ---- generated drafts: fan-out, nesting, big enums, keyword soup on one step schema ----

const keywords = ['type', 'enum', 'const', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'items'];
const soupValue = fc.oneof(
  fc.constant({ type: 'string' }),
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.constant({ $ref: '#/definitions/x' }), { maxLength: 20 }),
  fc.constant(null),
);
const stepEdit = fc.oneof(
  fc.record({
    kind: fc.constant('fan-out' as const),
    fields: fc.integer({ min: 1, max: 400 }),
    refs: fc.integer({ min: 1, max: 900 }),
  }),
  fc.record({ kind: fc.constant('nesting' as const), depth: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant('enum' as const), size: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({
    kind: fc.constant('soup' as const),
    soup: fc.dictionary(fc.constantFrom(...keywords), soupValue, { maxKeys: 8 }),
  }),
);
type StepEdit = typeof stepEdit extends fc.Arbitrary<infer T> ? T : never;

function generatedDraft(edit: StepEdit): HostileDefinition {
  return {
    name: `generated-${edit.kind}`,
    attacks: 'anything fast-check finds',
    edit: (files) => {
      const step = files[STEP] as Record<string, any>;
      step.definitions = { x: { type: 'string' } };
      if (edit.kind === 'fan-out') {
        step.definitions.x = {
          type: 'object',
          properties: Object.fromEntries(Array.from({ length: edit.fields }, (_, i) => [`p${i}`, { type: 'string' }])),
        };
        step.allOf = Array.from({ length: Math.ceil(edit.refs / 450) }, (_, n) => ({
          allOf: Array.from({ length: Math.min(450, edit.refs - n * 450) }, () => ({ $ref: '#/definitions/x' })),
        }));
      } else if (edit.kind === 'nesting') {
        let inner: Record<string, unknown> = { $ref: '#/definitions/x' };
        for (let level = 0; level < edit.depth; level += 1) inner = { allOf: [inner] };
        step.allOf = [inner];
      } else if (edit.kind === 'enum') {
        step.properties.name = {
          ...step.properties.name,
          enum: Array.from({ length: edit.size }, (_, i) => `گزینه ${i}`),
        };
      } else Object.assign(step, edit.soup);
    },
  };
}

// ---- visitors ----

async function visitor(port: number, forwardedFor: string): Promise<ApiClient> {
  const client = new ApiClient(port, { forwardedFor, secFetchSite: 'same-origin', timeoutMs: 60_000 });
  await client.start();
  return client;
}

async function staff(port: number, email: string, forwardedFor: string): Promise<ApiClient> {
  const client = await visitor(port, forwardedFor);
  const signedIn = await client.postJson(staffPaths.session, { email, password: PASSWORD });
  if (signedIn.status !== 200) throw new Error(`sign-in of ${email}: ${signedIn.status} ${signedIn.text}`);
  return client;
}

describe.each(dbKinds)('the adversary (%s)', (kind) => {
  let scenario: Scenario;
  let map: MapStandIn;
  let editor: ApiClient;
  let admin: ApiClient;
  let port: number;
  const tally = new Tally();
  let draftWatch: Watch | undefined;

  beforeAll(async () => {
    map = await mapStandIn();
    scenario = await startScenario(kind, 'adversary', {
      env: {
        TRUST_PROXY: '127.0.0.1',
        MAP_SERVICE: 'neshan',
        MAP_SERVICE_KEY: 'service.7f3a9c1e5b2d4f6a8c0e1b3d5f7a9c1e',
        MAP_SERVICE_URL: map.url,
        ADDRESS_PROOF_DIFFICULTY: '1',
        ADDRESS_LOOKUPS_PER_HOUR: String(PAID_LOOKUPS_PER_HOUR),
        RATE_LIMIT_ADDRESS_PER_MINUTE: '1000',
        RATE_LIMIT_API_KEY_FAILURES_PER_HOUR: String(API_KEY_FAILURES_PER_HOUR),
      },
    });
    port = scenario.server.port;
    addAccount(scenario.db.url, 'editor@example.ir', 'editor');
    addAccount(scenario.db.url, 'admin@example.ir', 'admin');
    editor = await staff(port, 'editor@example.ir', '198.51.100.10');
    admin = await staff(port, 'admin@example.ir', '198.51.100.11');
  });

  afterAll(async () => {
    const alive = scenario?.server.alive ?? false;
    const watch = draftWatch;
    recordFigure(kind, 'adversary: inputs tried', tally.tried);
    recordFigure(kind, 'adversary: 5xx', tally.serverErrors.length);
    recordFigure(kind, 'adversary: 503 address_capacity (the budget, by contract)', tally.contract503);
    if (watch) {
      recordFigure(
        kind,
        'adversary: worst /api/health ms while drafts were checked (budget 100)',
        Math.round(watch.worstHealthMs),
      );
      recordFigure(
        kind,
        'adversary: health asked / failed while drafts were checked',
        `${watch.healthAsked} / ${watch.healthFailures.length}`,
      );
      recordFigure(kind, 'adversary: peak server RSS MB (budget 512)', Math.round(watch.peakRssBytes / 1048576));
    }
    recordFigure(kind, 'adversary: paid map calls / budget', `${map?.calls ?? '?'} / ${PAID_LOOKUPS_PER_HOUR}`);
    recordFigure(kind, 'adversary: server alive at the end', alive ? 'yes' : 'no');
    console.log(
      `[adversary ${kind}] tried ${tally.tried}, 5xx ${tally.serverErrors.length}, worst health ${Math.round(watch?.worstHealthMs ?? -1)} ms, ` +
        `peak RSS ${Math.round((watch?.peakRssBytes ?? 0) / 1048576)} MB, paid calls ${map?.calls} / ${PAID_LOOKUPS_PER_HOUR}, alive ${alive}`,
    );
    await scenario?.close();
    await map?.close();
    await stopAllServers();
  });

  async function revision(): Promise<number> {
    const draft = tally.take('GET draft', await editor.get(definitionStaffPaths.draft));
    return (draft.json as { revision: number }).revision;
  }

  async function saveDraft(name: string, texts: Record<string, string>, rev?: number): Promise<HttpResponse> {
    const body = JSON.stringify({ revision: rev ?? (await revision()), files: {}, texts: draftTexts(texts) });
    return tally.take(`save ${name}`, await editor.send('PUT', definitionStaffPaths.draft, body));
  }

  async function publish(name: string): Promise<HttpResponse> {
    return tally.take(`publish ${name}`, await editor.postJson(definitionStaffPaths.publish, { note: name }));
  }

  it('saves the hostile drafts of the corpus and 40 generated ones, refuses to publish them, and stays healthy', async () => {
    const watch = watchServer(port, scenario.server.pid);
    draftWatch = watch;
    try {
      const corpus = hostileDefinitions.filter(
        (entry) => CORPUS.includes(entry.name) || entry.name.startsWith('reserved-name-'),
      );
      expect(corpus.length).toBeGreaterThanOrEqual(8);
      const slowest: Array<[string, number]> = [];
      await watch.takeWindowWorst();
      for (const entry of corpus) {
        const saved = await saveDraft(entry.name, hostileTexts(entry));
        slowest.push([`${entry.name} (${saved.status})`, Math.round(await watch.takeWindowWorst())]);
        expect([entry.name, saved.status < 500]).toEqual([entry.name, true]);
        if (saved.status === 200) {
          const codes = (saved.json as { problems: Array<{ code: string }> }).problems.map((p) => p.code);
          expect(codes, entry.name).toContain(entry.refusal?.code);
        }
        const published = await publish(entry.name);
        expect([entry.name, published.status, errorCode(published)]).toEqual([entry.name, 400, 'definition_problems']);
      }
      const edits = fc.sample(stepEdit, { numRuns: GENERATED_DRAFTS, seed: 20261127 });
      for (const edit of edits) {
        const saved = await saveDraft(`generated ${edit.kind}`, hostileTexts(generatedDraft(edit)));
        slowest.push([
          `${edit.kind} ${JSON.stringify(edit).slice(0, 60)} (${saved.status})`,
          Math.round(await watch.takeWindowWorst()),
        ]);
        expect([edit.kind, saved.status < 500]).toEqual([edit.kind, true]);
      }
      const [culprit, culpritMs] = slowest.sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
      recordFigure(
        kind,
        'adversary: slowest health answer during one save, and that draft',
        `${culpritMs} ms, ${culprit}`,
      );
      // The next steps of one editor: many saves at once on one revision (one wins, the rest 409),
      // and publish pressed many times at once.
      await watch.takeWindowWorst();
      const rev = await revision();
      const shipped = hostileTexts({ name: 'shipped', attacks: 'nothing' });
      const saves = await Promise.all(Array.from({ length: 20 }, () => saveDraft('parallel', shipped, rev)));
      expect(saves.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(new Set(saves.map((answer) => answer.status))).toEqual(new Set([200, 409]));
      const publishes = await Promise.all(Array.from({ length: 10 }, () => publish('parallel')));
      recordFigure(
        kind,
        'adversary: slowest health answer during 20 saves and 10 publishes at once',
        `${Math.round(await watch.takeWindowWorst())} ms`,
      );
      expect(publishes.every((answer) => answer.status < 500)).toBe(true);
      expect(publishes.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
      // A publish may leave work behind its answer (the new version's validators): watched a second longer.
      await new Promise((wait) => setTimeout(wait, 1000));
      recordFigure(
        kind,
        'adversary: slowest health answer in the second after the last answer',
        `${Math.round(await watch.takeWindowWorst())} ms`,
      );
    } finally {
      await watch.stop();
    }
    expect(watch.healthFailures).toEqual([]);
    expect(scenario.server.alive).toBe(true);
    expect(tally.serverErrors).toEqual([]);
  });

  it('refuses one past each bound of the staff, integration and public inputs with a 4xx, never a 5xx', async () => {
    const anonymous = await visitor(port, '198.51.100.40');
    const long = (n: number) => 'a'.repeat(n);
    const crossings: Array<{ who: ApiClient; method: string; path: string; body?: unknown; status: number }> = [
      { who: admin, method: 'GET', path: `${staffPaths.registrations}?q=${long(101)}`, status: 400 },
      { who: admin, method: 'GET', path: `${staffPaths.registrations}?pageSize=101`, status: 400 },
      { who: admin, method: 'GET', path: `${staffPaths.registrations}?assignee=12345678901`, status: 400 },
      { who: admin, method: 'GET', path: `${staffPaths.export}?format=csv&q=${long(101)}`, status: 400 },
      { who: admin, method: 'GET', path: `${staffPaths.audit}?limit=501`, status: 400 },
      { who: admin, method: 'GET', path: `${staffPaths.funnel}?from=2026-1-1`, status: 400 },
      { who: admin, method: 'GET', path: `${staffPaths.funnel}?version=${long(101)}`, status: 400 },
      { who: admin, method: 'GET', path: `/api/staff/insights?version=${long(101)}`, status: 400 },
      { who: admin, method: 'GET', path: `/api/staff/outbox?limit=501`, status: 400 },
      {
        who: admin,
        method: 'POST',
        path: staffPaths.notes.replace(':id', '1'),
        body: { body: long(2001) },
        status: 400,
      },
      {
        who: admin,
        method: 'POST',
        path: staffPaths.status.replace(':id', '1'),
        body: { from: 'new', to: 'rejected', reason: long(2001) },
        status: 400,
      },
      {
        who: admin,
        method: 'POST',
        path: staffPaths.bulkStatus,
        body: { ids: Array.from({ length: 101 }, (_, i) => i + 1), from: 'new', to: 'contacted' },
        status: 400,
      },
      {
        who: admin,
        method: 'POST',
        path: staffPaths.session,
        body: { email: `${long(250)}@x.ir`, password: 'x' },
        status: 400,
      },
      {
        who: admin,
        method: 'POST',
        path: staffPaths.session,
        body: { email: 'a@x.ir', password: long(1025) },
        status: 400,
      },
      { who: editor, method: 'POST', path: definitionStaffPaths.publish, body: { note: long(2001) }, status: 400 },
      {
        who: editor,
        method: 'POST',
        path: definitionStaffPaths.rollback,
        body: { version: 'zz', note: 'x' },
        status: 400,
      },
      {
        who: admin,
        method: 'POST',
        path: integrationPaths.apiKeys,
        body: { name: long(101), scopes: ['registrations:read'] },
        status: 400,
      },
      {
        who: admin,
        method: 'POST',
        path: integrationPaths.apiKeys,
        body: { name: 'twice', scopes: ['registrations:read', 'registrations:read'] },
        status: 400,
      },
      { who: admin, method: 'GET', path: `${integrationPaths.webhooks}/1/deliveries?limit=501`, status: 400 },
      { who: admin, method: 'DELETE', path: `${integrationPaths.apiKeys}/2147483648`, status: 400 },
      {
        who: anonymous,
        method: 'POST',
        path: '/api/Statistic/Events',
        body: {
          visit: 'A'.repeat(22),
          version: 'v',
          events: Array.from({ length: 101 }, () => ({ type: 'step', step: 's' })),
        },
        status: 400,
      },
      { who: anonymous, method: 'GET', path: `${paths.statisticStep}?step=${long(5)}`, status: 400 },
      {
        who: anonymous,
        method: 'POST',
        path: '/api/Register/Status',
        body: { trackingCode: long(65), mobileNumber: '09120000000' },
        status: 400,
      },
      {
        who: anonymous,
        method: 'POST',
        path: '/api/Register/MobileCode/Check',
        body: { mobileNumber: '09120000000', code: long(33) },
        status: 400,
      },
    ];
    for (const crossing of crossings) {
      const body = crossing.body === undefined ? undefined : JSON.stringify(crossing.body);
      const headers = body === undefined ? { 'content-type': undefined } : {};
      const answer = tally.take(
        crossing.path,
        await crossing.who.send(crossing.method, crossing.path, body, { headers }),
      );
      expect([crossing.method, crossing.path.slice(0, 80), answer.status]).toEqual([
        crossing.method,
        crossing.path.slice(0, 80),
        crossing.status,
      ]);
    }
    // The draft: 101 files (past MAX_FILES), each small.
    const files = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`steps/x${i}.schema.json`, '{}']));
    const tooMany = await saveDraft('101 files', files);
    expect([tooMany.status, errorCode(tooMany)]).toEqual([400, 'draft_invalid']);
  });

  it('refuses every spelling of a staff write without the anti-forgery header, writing nothing', async () => {
    const before = await revision();
    const spellings = (path: string): string[] => [
      path,
      path.replace('/draft', '/%64raft').replace('/publish', '/%70ublish').replace('/api-keys', '/api%2Dkeys'),
      `/${path}`,
      path.replace('/api/', '/api//'),
      path.replace('/api/staff/', '/api/staff/./'),
      path.replace('/api/staff/', '/api/staff/x/../'),
      path.replace('/api/', '/API/'),
      path.replace('/staff/', '/Staff/'),
      `${path}/`,
      `${path}?x=1`,
    ];
    const writes: Array<{ client: ApiClient; method: string; path: string; body: unknown }> = [
      { client: editor, method: 'PUT', path: definitionStaffPaths.draft, body: { revision: before, files: {} } },
      { client: editor, method: 'POST', path: definitionStaffPaths.publish, body: { note: 'csrf' } },
      {
        client: admin,
        method: 'POST',
        path: integrationPaths.apiKeys,
        body: { name: 'csrf', scopes: ['registrations:read'] },
      },
      {
        client: admin,
        method: 'POST',
        path: integrationPaths.webhooks,
        body: { url: 'https://example.com/h', description: 'x', events: ['registration.created'] },
      },
    ];
    for (const write of writes)
      for (const path of spellings(write.path)) {
        const answer = tally.take(
          `${write.method} ${path} without token`,
          await write.client.send(write.method, path, JSON.stringify(write.body), { xsrf: null }),
        );
        expect([path, [403, 404].includes(answer.status)]).toEqual([path, true]);
      }
    expect(await revision()).toBe(before);
    const keys = tally.take('GET api-keys', await admin.get(integrationPaths.apiKeys));
    expect(keys.text).not.toContain('csrf');
  });

  it('limits unknown API keys sent at once from one address, and hands out no staff e-mail', async () => {
    const created = tally.take(
      'POST api-key',
      await admin.postJson(integrationPaths.apiKeys, { name: 'reader', scopes: ['registrations:read'] }),
    );
    expect(created.status).toBe(201);
    const liveKey = (created.json as { key: string }).key;
    const answers = await Promise.all(
      Array.from({ length: 120 }, () =>
        rawRequest({
          port,
          method: 'GET',
          path: integrationPaths.v1Registrations,
          headers: {
            authorization: `Bearer prk_${randomBytes(32).toString('base64url')}`,
            'x-forwarded-for': '192.0.2.77',
          },
        }).then((answer) => tally.take('unknown key', answer)),
      ),
    );
    const count = (status: number) => answers.filter((answer) => answer.status === status).length;
    expect({ 401: count(401), 429: count(429) }).toEqual({
      401: API_KEY_FAILURES_PER_HOUR,
      429: 120 - API_KEY_FAILURES_PER_HOUR,
    });
    const live = tally.take(
      'live key',
      await rawRequest({
        port,
        method: 'GET',
        path: integrationPaths.v1Registrations,
        headers: { authorization: `Bearer ${liveKey}`, 'x-forwarded-for': '192.0.2.77' },
      }),
    );
    expect(live.status).toBe(200);
    expect(live.text).not.toMatch(/@example\.ir/);
  });

  it('refuses webhook headers Node would not send and receivers on IPv6 forms of private addresses', async () => {
    const endpoint = (extra: Record<string, unknown>) => ({
      url: 'https://example.com/hook',
      description: 'adversary',
      events: ['registration.created'],
      ...extra,
    });
    const badHeaders = [
      { 'X-Fa': 'مقدار' },
      { 'X-Ctl': 'a\u0001b' },
      { 'X-Del': 'a\u007fb' },
      { 'bad name': 'v' },
      { 'X-Crlf': 'a\r\nX-Evil: 1' },
      { 'webhook-id': 'x' },
      { Host: 'evil' },
    ];
    for (const headers of badHeaders) {
      const answer = tally.take(
        'webhook header',
        await admin.postJson(integrationPaths.webhooks, endpoint({ headers })),
      );
      expect([JSON.stringify(headers), answer.status]).toEqual([JSON.stringify(headers), 400]);
    }
    const carried = [
      'http://[::ffff:127.0.0.1]/h',
      'http://[::ffff:7f00:1]/h',
      'http://[::127.0.0.1]/h',
      'http://[::ffff:0:7f00:1]/h',
      'http://[64:ff9b::7f00:1]/h',
      'http://[64:ff9b:1::a00:1]/h',
      'http://[2002:7f00:1::1]/h',
      'http://[2002:a9fe:a9fe::1]/h',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/h',
      'http://[::ffff:a9fe:a9fe]/latest/meta-data',
      'http://[0:0:0:0:0:ffff:10.0.0.1]/h',
    ];
    for (const url of carried) {
      const answer = tally.take('webhook ssrf', await admin.postJson(integrationPaths.webhooks, endpoint({ url })));
      expect([url, answer.status, errorCode(answer)]).toEqual([url, 400, 'webhook_url_refused']);
    }
  });

  it('answers oversize, deep and wide bodies, long queries, many cookies and a slow body with a 4xx', async () => {
    const anonymous = await visitor(port, '198.51.100.50');
    const post = async (what: string, path: string, body: string, client = anonymous) =>
      tally.take(what, await client.send('POST', path, body));
    const tooBig = await post('2 MB registration', paths.registration, JSON.stringify({ name: 'ا'.repeat(1_000_000) }));
    expect(tooBig.status).toBe(413);
    const bigDraft = tally.take(
      '3 MB draft',
      await editor.send('PUT', definitionStaffPaths.draft, `{"revision":1,"files":{},"x":"${'a'.repeat(3_000_000)}"}`),
    );
    expect(bigDraft.status).toBe(413);
    for (const path of [paths.registration, paths.statistic, paths.addressPass, staffPaths.session]) {
      const deep = await post(`deep ${path}`, path, deepText(10_000));
      expect([path, deep.status >= 400 && deep.status < 500]).toEqual([path, true]);
    }
    const wide = {
      ...Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [`f${i}`, Array.from({ length: 10_000 }, (_, j) => j)]),
      ),
    };
    const wideAnswer = await post('10k-element arrays', paths.registration, JSON.stringify(wide));
    expect(wideAnswer.status >= 400 && wideAnswer.status < 500).toBe(true);
    for (const path of [paths.config, staffPaths.registrations, integrationPaths.v1Registrations]) {
      const long = tally.take(`long query ${path}`, await editor.get(`${path}?q=${'a'.repeat(100_000)}`));
      expect([path, long.status]).toEqual([path, 431]);
      const many = tally.take(
        `many params ${path}`,
        await editor.get(`${path}?${Array.from({ length: 2000 }, (_, i) => `a${i}=1`).join('&')}`),
      );
      expect([path, many.status < 500]).toEqual([path, true]);
    }
    const cookies = Array.from({ length: 500 }, (_, i) => `c${i}=${'v'.repeat(40)}`).join('; ');
    const manyCookies = tally.take(
      'many cookies',
      await rawRequest({ port, method: 'GET', path: paths.config, headers: { cookie: cookies } }),
    );
    expect(manyCookies.status).toBe(431);
    const someCookies = tally.take(
      '100 cookies',
      await rawRequest({ port, method: 'GET', path: paths.config, headers: { cookie: cookies.slice(0, 4000) } }),
    );
    expect(someCookies.status).toBe(200);
    // Twenty bodies dripped a byte every 200 ms: the server keeps answering others meanwhile.
    const slow = Array.from({ length: 20 }, () => slowBody(port, 4000));
    await new Promise((wait) => setTimeout(wait, 1000));
    expect((await rawRequest({ port, method: 'GET', path: '/api/health', agent: false })).status).toBe(200);
    for (const answer of await Promise.all(slow)) expect(answer.status === 0 || answer.status < 500).toBe(true);
    tally.tried += 20;
    expect(tally.serverErrors).toEqual([]);
  });

  it('asks the paid map service no more than its budget, and never without a pass', async () => {
    const stranger = new ApiClient(port, { forwardedFor: '198.51.100.60' });
    const noCookie = tally.take('lookup without cookie', await stranger.get(`${paths.address}?lat=35.7&lng=51.4`));
    expect([noCookie.status, errorCode(noCookie)]).toEqual([403, 'address_pass']);
    const noPass = await visitor(port, '198.51.100.61');
    const unpaid = tally.take('lookup without pass', await noPass.get(`${paths.address}?lat=35.7&lng=51.4`));
    expect([unpaid.status, errorCode(unpaid)]).toEqual([403, 'address_pass']);
    const answers: HttpResponse[] = [];
    for (let n = 0; n < 4; n += 1) {
      const buyer = await visitor(port, `198.51.100.${70 + n}`);
      const challenge = tally.take('challenge', await buyer.get(paths.addressChallenge));
      const proof = await solveCodeProof(challenge.json as CodeProofChallenge);
      const pass = tally.take('pass', await buyer.postJson(paths.addressPass, { proof }));
      expect(pass.status).toBe(204);
      const again = tally.take('pass again', await buyer.postJson(paths.addressPass, { proof }));
      expect(again.status).toBe(400);
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            buyer
              .get(`${paths.address}?lat=${(35 + n * 0.1 + i * 0.001).toFixed(4)}&lng=51.4`)
              .then((a) => tally.take('lookup', a)),
          ),
        )),
      );
    }
    expect(map.calls).toBeLessThanOrEqual(PAID_LOOKUPS_PER_HOUR);
    expect(answers.filter((answer) => errorCode(answer) === 'address_capacity').length).toBeGreaterThanOrEqual(
      40 - PAID_LOOKUPS_PER_HOUR,
    );
    expect(tally.serverErrors).toEqual([]);
    expect(scenario.server.alive).toBe(true);
  });
});

/** Headers, then a body one byte every 200 ms, for at most `forMs`: answered or cut off, never hanging the server. */
function slowBody(port: number, forMs: number): Promise<{ status: number }> {
  return new Promise((done) => {
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    const body = JSON.stringify({ a: 'x'.repeat(200) });
    socket.on('connect', () => {
      socket.write(
        `POST ${paths.statistic} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
    });
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++] ?? '');
    }, 200);
    const finish = (): void => {
      clearInterval(drip);
      clearTimeout(timer);
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      done({ status });
    };
    const timer = setTimeout(finish, forMs);
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    socket.on('close', finish);
    socket.on('error', () => undefined);
  });
}
