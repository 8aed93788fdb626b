/**
 * A real Prometheus (Debian's `prometheus`, on loopback) scraping a real server process every
 * second while registrations come in and the SMS provider is stopped: the SMS outbox's oldest
 * message ages, Prometheus's HTTP API shows it rising, and the SmsOutboxStuck alert of
 * deploy/prometheus/alerts.yml goes pending, then firing. Also: a SIGTERM turns readiness 503
 * while the process still answers, for SHUTDOWN_DELAY_MS, before it stops.
 *
 * The rule is the real one, with a test override: its expression is read from alerts.yml and only
 * its threshold (600 s → 2 s) and its `for` (1m → 5s) are changed, so the test runs in seconds
 * yet checks the shipped expression against the shipped metrics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom, validRegistration } from './harness/data.js';
import { dbKinds, repoRoot } from './harness/env.js';
import { recordFigure } from './harness/figures.js';
import { ApiClient } from './harness/http.js';
import { startScenario, type Scenario } from './harness/scenario.js';
import { freePort, sleep, stopAllServers } from './harness/server.js';

const random = seededRandom(2027);
const folder = mkdtempSync(join(tmpdir(), 'prometheus-'));

/** The shipped SmsOutboxStuck rule with its threshold and its wait shortened for the test. */
function testRules(): string {
  const shipped = readFileSync(join(repoRoot, 'deploy', 'prometheus', 'alerts.yml'), 'utf8');
  const block = /- alert: SmsOutboxStuck\n([\s\S]*?)(?=\n\s*- alert:)/.exec(shipped)?.[1] ?? '';
  const expr = /expr: (.+)/.exec(block)?.[1].trim();
  if (!expr?.endsWith('> 600') || !/for: 1m/.test(block))
    throw new Error('SmsOutboxStuck in alerts.yml no longer reads "… > 600" for 1m: update this test');
  const rule = { alert: 'SmsOutboxStuck', expr: expr.replace(/> 600$/, '> 2'), for: '5s' };
  // YAML reads JSON.
  return JSON.stringify({ groups: [{ name: 'test', interval: '1s', rules: [rule] }] });
}

interface PrometheusProcess {
  url: string;
  child: ChildProcess;
  output: string[];
}

async function startPrometheus(metricsPort: number, label: string): Promise<PrometheusProcess> {
  const dir = mkdtempSync(join(folder, `${label}-`));
  writeFileSync(join(dir, 'rules.yml'), testRules());
  const config = {
    global: { scrape_interval: '1s', evaluation_interval: '1s', scrape_timeout: '900ms' },
    rule_files: [join(dir, 'rules.yml')],
    scrape_configs: [
      { job_name: 'pharmacy-registration', static_configs: [{ targets: [`127.0.0.1:${metricsPort}`] }] },
    ],
  };
  writeFileSync(join(dir, 'prometheus.yml'), JSON.stringify(config));
  const port = await freePort();
  const child = spawn(
    'prometheus',
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const prometheus = { url: `http://127.0.0.1:${port}`, child, output };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prometheus exited: ${output.join('')}`);
    const ready = await fetch(`${prometheus.url}/-/ready`).catch(() => undefined);
    if (ready?.status === 200) return prometheus;
    await sleep(200);
  }
  throw new Error(`prometheus not ready: ${output.join('')}`);
}

async function stopPrometheus(prometheus: PrometheusProcess | undefined): Promise<void> {
  if (!prometheus || prometheus.child.exitCode !== null) return;
  const exited = new Promise((resolve) => prometheus.child.once('exit', resolve));
  prometheus.child.kill('SIGTERM');
  await exited;
}

/** The value of a query's single answer, through Prometheus's HTTP API; undefined while it has none. */
async function queryValue(prometheus: PrometheusProcess, query: string): Promise<number | undefined> {
  const response = await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(query)}`);
  const body = (await response.json()) as { data: { result: Array<{ value: [number, string] }> } };
  const [first] = body.data.result;
  return first === undefined ? undefined : Number(first.value[1]);
}

async function alertState(prometheus: PrometheusProcess, name: string): Promise<string | undefined> {
  const response = await fetch(`${prometheus.url}/api/v1/alerts`);
  const body = (await response.json()) as { data: { alerts: Array<{ labels: { alertname: string }; state: string }> } };
  return body.data.alerts.find((alert) => alert.labels.alertname === name)?.state;
}

/** Polls until `read` gives what `done` accepts, or fails with the last reading. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${String(last)} after ${ms} ms`);
    await sleep(250);
    last = await read();
  }
  return last;
}

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.each(dbKinds)('a real Prometheus scraping the server (%s)', (kind) => {
  let scenario: Scenario | undefined;
  let prometheus: PrometheusProcess | undefined;
  afterAll(async () => {
    await stopPrometheus(prometheus);
    await scenario?.close();
    await stopAllServers();
  });

  it('sees the SMS outbox age rise while the provider is stopped, and the alert go pending then firing', async () => {
    const metricsPort = await freePort();
    // Nothing listens there: the SMS provider is stopped, every send is refused at once.
    const stoppedProvider = `http://127.0.0.1:${await freePort()}`;
    scenario = await startScenario(kind, 'prometheus', {
      env: {
        METRICS_PORT: String(metricsPort),
        SMS_PROVIDER: 'kavenegar',
        SMS_API_KEY: 'reliability-key-0123456789',
        SMS_API_URL: stoppedProvider,
        SMS_CODE_TEMPLATE: 'pharmacy-verify',
        SMS_TIMEOUT_MS: '1000',
        PUBLIC_URL: 'https://pharmacy.example.ir',
      },
    });
    prometheus = await startPrometheus(metricsPort, kind);
    const up = await waitFor(
      () => queryValue(prometheus!, 'up'),
      (value) => value === 1,
      30_000,
      'up',
    );
    expect(up).toBe(1);

    const port = scenario.server.port;
    for (let index = 0; index < 20; index += 1) {
      const client = new ApiClient(port, { forwardedFor: `198.51.100.${index + 1}`, secFetchSite: 'same-origin' });
      await client.start();
      const response = await client.register(validRegistration(random, await client.solvedCaptcha()));
      expect(response.status).toBe(200);
    }
    const age = 'max(pharmacy_outbox_oldest_waiting_age_seconds{outbox="sms"})';
    const owed = await waitFor(
      () => queryValue(prometheus!, 'max(pharmacy_outbox_waiting_messages{outbox="sms"})'),
      (value) => value === 20,
      30_000,
      'SMS owed',
    );
    expect(owed).toBe(20);
    const first = await waitFor(
      () => queryValue(prometheus!, age),
      (value) => (value ?? 0) > 0,
      30_000,
      'age',
    );
    const later = await waitFor(
      () => queryValue(prometheus!, age),
      (value) => (value ?? 0) >= (first ?? 0) + 2,
      30_000,
      'age rising',
    );
    expect(later).toBeGreaterThan(first!);

    const firing = await waitFor(
      () => alertState(prometheus!, 'SmsOutboxStuck'),
      (state) => state === 'firing',
      60_000,
      'SmsOutboxStuck firing',
    );
    expect(firing).toBe('firing');
    // It was pending first, for its `for:` wait: Prometheus writes an ALERTS sample at every
    // evaluation, pending ones included (polling the alerts API can miss a 5 s pending window on a
    // slow machine, while the test waits for the age to rise).
    const wasPending = await queryValue(
      prometheus,
      'max_over_time(ALERTS{alertname="SmsOutboxStuck",alertstate="pending"}[10m])',
    );
    expect(wasPending).toBe(1);
    const failures = await queryValue(
      prometheus,
      'sum(pharmacy_outbox_deliveries_total{outbox="sms",outcome="retry"})',
    );
    expect(failures).toBeGreaterThanOrEqual(20);
    recordFigure(kind, 'Prometheus: SMS owed / oldest age s / alert', `${owed} / ${later} / ${firing}`);
  }, 180_000);

  it('turns readiness 503 at SIGTERM while the process still answers, then stops', async () => {
    const server = await scenario!.restart({ env: { ...scenario!.server.env, SHUTDOWN_DELAY_MS: '3000' } });
    const client = new ApiClient(server.port);
    expect((await client.get('/api/health/ready')).status).toBe(200);
    server.child.kill('SIGTERM');
    const stopping = await waitFor(
      () => client.get('/api/health/ready'),
      (response) => response.status === 503,
      2_000,
      'readiness after SIGTERM',
    );
    expect((stopping.json as { reasons: string[] }).reasons).toEqual(['stopping']);
    // Still taking requests during the delay: the balancer moves on first.
    expect((await client.get('/api/health')).status).toBe(200);
    expect((await client.get('/api/Register/Config')).status).toBe(200);
    await server.exited;
    expect(server.exitCode).toBe(0);
  }, 60_000);
});
