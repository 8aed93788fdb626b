/**
 * What an attack does to a running server, seen from outside: `/api/health` asked one request after
 * another (its slowest answer, any failure) and the process's resident memory read from
 * /proc/<pid>/status (its peak), for as long as the watch runs.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';

export interface Watch {
  /** Slowest /api/health answer, in milliseconds (known once stopped, like the two below). */
  worstHealthMs: number;
  healthAsked: number;
  /** Answers other than 200, and requests with no answer at all. */
  healthFailures: string[];
  peakRssBytes: number;
  /** The slowest health answer since the last call, which starts a new window (to name what caused it); the first call starts the count. */
  takeWindowWorst(): Promise<number>;
  stop(): Promise<void>;
}

/** VmRSS of a process, in bytes (0 when the process is gone). */
function residentBytes(pid: number): number {
  try {
    const line = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * The poller runs in a worker thread with its own event loop, so the attack's own work in the test
 * process (building a hostile draft, fast-check) never shows up as a slow answer of the server.
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const state = { worst: 0, window: 0, asked: 0, failures: [] };
let running = true;
// Counted from the first window on: the worker's own first requests (loading, compiling) are not the server's.
let counting = false;
parentPort.on('message', (message) => {
  if (message === 'window') {
    counting = true; parentPort.postMessage({ window: state.window }); state.window = 0; }
  if (message === 'stop') running = false;
});
function ask() {
  return new Promise((done) => {
    const started = performance.now();
    const finish = (failure) => {
      const took = performance.now() - started;
      if (counting) state.worst = Math.max(state.worst, took);
      state.window = Math.max(state.window, took);
      state.asked += 1;
      if (failure) state.failures.push(failure);
      done();
    };
    const request = http.get({ host: '127.0.0.1', port: workerData.port, path: '/api/health', agent: false, timeout: 10000 }, (response) => {
      response.resume();
      response.on('end', () => finish(response.statusCode === 200 ? undefined : 'health ' + response.statusCode));
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => finish(error.message));
  });
}
(async () => {
  while (running) {
    await ask();
    await new Promise((done) => setTimeout(done, 10));
  }
  parentPort.postMessage({ final: state });
})();
`;

export function watchServer(port: number, pid: number): Watch {
  const worker = new Worker(POLLER, { eval: true, workerData: { port } });
  const watch: Watch = {
    worstHealthMs: 0,
    healthAsked: 0,
    healthFailures: [],
    peakRssBytes: residentBytes(pid),
    takeWindowWorst: () =>
      new Promise((done) => {
        const onMessage = (message: { window?: number }) => {
          if (message.window === undefined) return;
          worker.off('message', onMessage);
          done(message.window);
        };
        worker.on('message', onMessage);
        worker.postMessage('window');
      }),
    stop: async () => {
      clearInterval(sampler);
      const final = await new Promise<{ worst: number; asked: number; failures: string[] }>((done) => {
        worker.on('message', (message: { final?: { worst: number; asked: number; failures: string[] } }) => {
          if (message.final) done(message.final);
        });
        worker.postMessage('stop');
      });
      await worker.terminate();
      watch.worstHealthMs = final.worst;
      watch.healthAsked = final.asked;
      watch.healthFailures.push(...final.failures);
    },
  };
  const sampler = setInterval(() => {
    watch.peakRssBytes = Math.max(watch.peakRssBytes, residentBytes(pid));
  }, 25);
  return watch;
}

/** A map service on loopback that answers every reverse lookup as Neshan does and counts the calls (each one paid). */
export interface MapStandIn {
  url: string;
  calls: number;
  close(): Promise<void>;
}

export async function mapStandIn(): Promise<MapStandIn> {
  const standIn = { url: '', calls: 0, close: async () => undefined as void };
  const server: Server = createServer((_request, response) => {
    standIn.calls += 1;
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ status: 'OK', formatted_address: 'تهران، خیابان انقلاب اسلامی', city: 'تهران' }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return standIn;
}
