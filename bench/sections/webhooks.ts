// Webhooks must not slow registrations or status changes. Two runs of the real server in
// the same bench run, each on a fresh SQLite file: with no endpoint, then with three endpoints
// subscribed to every event, pointing at a receiver in this process that answers 200 after
// 200 ms. Each run measures registrations/s (autocannon, the server section's prepared
// registrations) and the status change's latency (a signed-in admin moving cases, a few at a
// time, timed around each request) while the worker sends what the registrations queued.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { openDatabase } from '../../src/server/db/database.js';
import { integrationPaths, WEBHOOK_EVENTS } from '../../src/shared/contracts/integrations.js';
import type { WebhookCreated } from '../../src/shared/contracts/integrations.schemas.js';
import { staffPaths } from '../../src/shared/contracts/staff.js';
import type { CaseStatusChange } from '../../src/shared/contracts/staff.schemas.js';
import { pool } from '../lib/http.js';
import { startProductServer, type ServerProcess } from '../lib/processes.js';
import { signInStaff, staffCall, type StaffAccount, type StaffSession } from '../lib/staff.js';
import { log, median, percentile, round, sleep } from '../lib/util.js';
import type { ReceiverCounts, ReceiverReport, ReceiverRequest, ReceiverSettings } from '../lib/webhook-receiver.js';
import { load, prepareRegistrations, registrationRun } from './server.js';

const ADMIN: StaffAccount = { email: 'admin@bench.invalid', role: 'admin', password: 'bench-admin-password-1' };
const RECEIVER_DELAY_MS = 200;
const SUBSCRIBED_ENDPOINTS = 3;
const CONNECTIONS = 50;
/** Colleagues moving cases at the same moment. */
const STATUS_CONCURRENCY = 4;

export interface WebhookRunFigure {
  name: string;
  endpoints: number;
  /** Runs of this kind pooled into the figure; their own registrations/s and status p99 in `perRound`. */
  rounds: number;
  perRound: Array<{ registrationsPerSec: number; statusP99Ms: number }>;
  /** The mean of the rounds'. */
  registrationsPerSec: number;
  /** The worst round's. */
  registrationP99Ms: number;
  /** Registrations answered 2xx in the timed run. */
  registrations: number;
  /** Status changes of every round, pooled. */
  statusChanges: number;
  statusP50Ms: number;
  statusP99Ms: number;
  statusMaxMs: number;
  /** The webhook outbox at the end of each round, rows by state (one row per event and endpoint), summed. */
  outbox: Record<string, number>;
  /** Deliveries the receiver got during the rounds, and how many of them verified with standardwebhooks. */
  received: number;
  verified: number;
  /** Deliveries received by event type. */
  receivedByEvent: Record<string, number>;
}

export interface WebhooksSection {
  receiver: string;
  receiverDelayMs: number;
  connections: number;
  secondsPerRun: number;
  preparedPerRun: number;
  statusConcurrency: number;
  /** The order the rounds ran in. */
  order: string[];
  runs: WebhookRunFigure[];
  notes: string[];
}

interface Receiver {
  /** What the report says of it. */
  description: string;
  /** Environment the server needs to reach it (its certificate, or http outside production). */
  serverEnv: Record<string, string>;
  url(endpoint: number): string;
  /** Tells it an endpoint's secret: every delivery is verified as a receiver would. */
  knowSecret(url: string, secret: string): void;
  reset(): void;
  counts(): Promise<ReceiverCounts>;
  close(): Promise<void>;
}

/** A certificate for 127.0.0.1 from openssl, or undefined when there is no openssl. */
function selfSignedCertificate(dir: string): { keyFile: string; certFile: string } | undefined {
  const keyFile = join(dir, 'receiver-key.pem');
  const certFile = join(dir, 'receiver-cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
        ...['-keyout', keyFile, '-out', certFile, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ],
      { stdio: 'ignore' },
    );
    return { keyFile, certFile };
  } catch {
    return undefined;
  }
}

function nextReport(worker: Worker): Promise<ReceiverReport> {
  return new Promise((done, fail) => {
    const answered = (report: ReceiverReport) => {
      worker.off('error', failed);
      done(report);
    };
    const failed = (error: Error) => {
      worker.off('message', answered);
      fail(error);
    };
    worker.once('message', answered);
    worker.once('error', failed);
  });
}

/**
 * The receiver (bench/lib/webhook-receiver.ts) in a worker thread. Production sends webhooks over
 * https only, so it is https with a self-signed certificate the server trusts through
 * NODE_EXTRA_CA_CERTS; without openssl, http, and the servers of both runs start outside
 * production (NODE_ENV=development) so that they may send to it.
 */
async function startReceiver(delayMs: number): Promise<Receiver> {
  const dir = mkdtempSync(join(tmpdir(), 'pharmacy-bench-receiver-'));
  const tls = selfSignedCertificate(dir);
  const settings: ReceiverSettings = { delayMs, ...(tls ? { tls } : {}) };
  const worker = new Worker(new URL('../lib/webhook-receiver.ts', import.meta.url), { workerData: settings });
  const ask = (request: ReceiverRequest) => worker.postMessage(request);
  const listening = await nextReport(worker);
  if (listening.kind !== 'listening') throw new Error(`the receiver answered ${listening.kind} before listening`);
  const base = `${tls ? 'https' : 'http'}://127.0.0.1:${listening.port}`;
  return {
    description: tls
      ? `https on 127.0.0.1 (self-signed, trusted by the server through NODE_EXTRA_CA_CERTS) in a worker thread, 200 after ${delayMs} ms`
      : `http on 127.0.0.1 (no openssl for a certificate: servers run with NODE_ENV=development) in a worker thread, 200 after ${delayMs} ms`,
    serverEnv: tls ? { NODE_EXTRA_CA_CERTS: tls.certFile } : { NODE_ENV: 'development' },
    url: (endpoint) => `${base}/hooks/${endpoint}`,
    knowSecret: (url, secret) => ask({ kind: 'secret', path: new URL(url).pathname, secret }),
    reset: () => ask({ kind: 'reset' }),
    counts: async () => {
      const answer = nextReport(worker);
      ask({ kind: 'counts' });
      const report = await answer;
      if (report.kind !== 'counts') throw new Error(`the receiver answered ${report.kind} when asked its counts`);
      return report.counts;
    },
    close: async () => {
      await worker.terminate();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The first `count` cases still new, read from the server's database (not timed). */
async function newCases(server: ServerProcess, count: number): Promise<number[]> {
  const handle = await openDatabase({ kind: 'sqlite', path: join(server.dir, 'app.db') });
  try {
    const rows = await handle.db
      .selectFrom('registrations')
      .select('id')
      .where('status', '=', 'new')
      .orderBy('id')
      .limit(count)
      .execute();
    return rows.map((row) => row.id);
  } finally {
    await handle.close();
  }
}

async function outboxByState(server: ServerProcess): Promise<Record<string, number>> {
  const handle = await openDatabase({ kind: 'sqlite', path: join(server.dir, 'app.db') });
  try {
    const rows = await handle.db
      .selectFrom('webhook_messages')
      .select(['status', (eb) => eb.fn.countAll<number>().as('rows')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.rows)]));
  } finally {
    await handle.close();
  }
}

/** new → contacted on each case, `STATUS_CONCURRENCY` at a time; the latency of each request. */
async function moveCases(url: string, admin: StaffSession, ids: number[]): Promise<number[]> {
  const move: CaseStatusChange = { from: 'new', to: 'contacted' };
  return pool(ids, STATUS_CONCURRENCY, async (id) => {
    const begun = performance.now();
    await staffCall(url, admin, 'POST', staffPaths.status.replace(':id', String(id)), move);
    return performance.now() - begun;
  });
}

interface RunSettings {
  seconds: number;
  prepared: number;
  statusChanges: number;
  receiver: Receiver;
}

interface RoundOutcome {
  figure: WebhookRunFigure;
  latencies: number[];
}

/** Registrations, then status changes, on a fresh server with `endpoints` endpoints subscribed to every event. */
async function measureRound(
  name: string,
  endpoints: number,
  clientDir: string,
  settings: RunSettings,
): Promise<RoundOutcome> {
  const { receiver } = settings;
  const server = await startProductServer(`webhooks run: ${name}`, {
    clientDir,
    extraEnv: { WEBHOOK_ALLOW_PRIVATE: 'true', ...receiver.serverEnv },
  });
  try {
    const admin = await signInStaff(server.url, join(server.dir, 'app.db'), ADMIN);
    for (let endpoint = 1; endpoint <= endpoints; endpoint += 1) {
      const created = await staffCall<WebhookCreated>(server.url, admin, 'POST', integrationPaths.webhooks, {
        url: receiver.url(endpoint),
        description: `bench receiver ${endpoint}`,
        events: [...WEBHOOK_EVENTS],
      });
      receiver.knowSecret(receiver.url(endpoint), created.secret);
    }
    receiver.reset();
    const { prepared, failures } = await prepareRegistrations(server.url, settings.prepared);
    if (prepared.length === 0) throw new Error(`could not prepare any registration: ${failures.join(' | ')}`);
    const refusals: string[] = [];
    await sleep(200);
    const registrations = await load(
      { ...registrationRun(server.url, prepared, refusals), seconds: settings.seconds },
      CONNECTIONS,
    );
    if (registrations.ok2xx < registrations.requests * 0.99)
      throw new Error(
        `${name}: ${registrations.requests - registrations.ok2xx} of ${registrations.requests} registrations refused (${JSON.stringify(registrations.statusCodes)}), e.g. ${refusals.join(' | ')}`,
      );
    const cases = await newCases(server, settings.statusChanges);
    if (cases.length < Math.min(10, settings.statusChanges))
      throw new Error(`${name}: only ${cases.length} new cases to move`);
    const latencies = await moveCases(server.url, admin, cases);
    if (endpoints > 0) await firstDelivery(receiver, name);
    const counts = await receiver.counts();
    const figure: WebhookRunFigure = {
      name,
      endpoints,
      rounds: 1,
      perRound: [],
      registrationsPerSec: registrations.requestsPerSec,
      registrationP99Ms: registrations.latencyP99Ms,
      registrations: registrations.ok2xx,
      statusChanges: latencies.length,
      statusP50Ms: round(median(latencies), 1),
      statusP99Ms: round(percentile(latencies, 0.99), 1),
      statusMaxMs: round(Math.max(...latencies), 1),
      outbox: await outboxByState(server),
      received: counts.received,
      verified: counts.verified,
      receivedByEvent: counts.byEvent,
    };
    log(
      `  ${name.padEnd(22)} ${figure.registrationsPerSec} registrations/s  status p50 ${figure.statusP50Ms} ms  p99 ${figure.statusP99Ms} ms  receiver ${figure.received} (${figure.verified} verified)`,
    );
    return { figure, latencies };
  } finally {
    await server.stop();
  }
}

/** Endpoints that never delivered mean run (b) measured nothing of webhooks: a broken measurement. */
async function firstDelivery(receiver: Receiver, name: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await receiver.counts()).received === 0) {
    if (Date.now() > deadline) throw new Error(`${name}: the receiver got no delivery within 15 s of the last change`);
    await sleep(100);
  }
}

const sumOf = (records: Array<Record<string, number>>) => {
  const total: Record<string, number> = {};
  for (const record of records)
    for (const [key, value] of Object.entries(record)) total[key] = (total[key] ?? 0) + value;
  return total;
};

/** One figure for the rounds of one kind: registrations/s averaged, status latencies pooled, counts summed. */
function pooled(outcomes: RoundOutcome[]): WebhookRunFigure {
  const figures = outcomes.map((outcome) => outcome.figure);
  const latencies = outcomes.flatMap((outcome) => outcome.latencies);
  const total = (pick: (figure: WebhookRunFigure) => number) => figures.reduce((sum, figure) => sum + pick(figure), 0);
  return {
    name: figures[0].name,
    endpoints: figures[0].endpoints,
    rounds: figures.length,
    perRound: figures.map((figure) => ({
      registrationsPerSec: figure.registrationsPerSec,
      statusP99Ms: figure.statusP99Ms,
    })),
    registrationsPerSec: round(total((figure) => figure.registrationsPerSec) / figures.length),
    registrationP99Ms: Math.max(...figures.map((figure) => figure.registrationP99Ms)),
    registrations: total((figure) => figure.registrations),
    statusChanges: latencies.length,
    statusP50Ms: round(median(latencies), 1),
    statusP99Ms: round(percentile(latencies, 0.99), 1),
    statusMaxMs: round(Math.max(...latencies), 1),
    outbox: sumOf(figures.map((figure) => figure.outbox)),
    received: total((figure) => figure.received),
    verified: total((figure) => figure.verified),
    receivedByEvent: sumOf(figures.map((figure) => figure.receivedByEvent)),
  };
}

export async function webhooksSection(quick: boolean, clientDir: string): Promise<WebhooksSection> {
  const receiver = await startReceiver(RECEIVER_DELAY_MS);
  const settings: RunSettings = {
    seconds: quick ? 1 : 10,
    prepared: quick ? 1_000 : 25_000,
    statusChanges: quick ? 40 : 600,
    receiver,
  };
  try {
    // Quick: one round each. Full: none, subscribed, subscribed, none, so that a machine getting
    // busier or quieter during the section weighs on both alike.
    const order = quick ? ['none', 'subscribed'] : ['none', 'subscribed', 'subscribed', 'none'];
    const outcomes: Record<string, RoundOutcome[]> = { none: [], subscribed: [] };
    for (const kind of order) {
      outcomes[kind].push(
        kind === 'none'
          ? await measureRound('no endpoint', 0, clientDir, settings)
          : await measureRound(`${SUBSCRIBED_ENDPOINTS} endpoints`, SUBSCRIBED_ENDPOINTS, clientDir, settings),
      );
    }
    const none = pooled(outcomes.none);
    const subscribed = pooled(outcomes.subscribed);
    const notes: string[] = [];
    if (subscribed.verified < subscribed.received)
      notes.push(`${subscribed.received - subscribed.verified} deliveries did not verify with standardwebhooks`);
    return {
      receiver: receiver.description,
      receiverDelayMs: RECEIVER_DELAY_MS,
      connections: CONNECTIONS,
      secondsPerRun: settings.seconds,
      preparedPerRun: settings.prepared,
      statusConcurrency: STATUS_CONCURRENCY,
      order,
      runs: [none, subscribed],
      notes,
    };
  } finally {
    await receiver.close();
  }
}
