/**
 * What an attack does to a running server, seen from outside: `/api/health` asked one request after
 * another (its slowest answer, any failure) and the process's resident memory read from
 * /proc/<pid>/status (its peak), for as long as the watch runs.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rawRequest } from './http.js';

export interface Watch {
  /** Slowest /api/health answer, in milliseconds. */
  worstHealthMs: number;
  healthAsked: number;
  /** Answers other than 200, and requests with no answer at all. */
  healthFailures: string[];
  peakRssBytes: number;
  /** The slowest health answer since the last call, which starts a new window (to name what caused it). */
  takeWindowWorst(): number;
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

export function watchServer(port: number, pid: number): Watch {
  let running = true;
  let windowWorst = 0;
  const watch: Watch = {
    worstHealthMs: 0,
    healthAsked: 0,
    healthFailures: [],
    peakRssBytes: residentBytes(pid),
    takeWindowWorst: () => {
      const worst = windowWorst;
      windowWorst = 0;
      return worst;
    },
    stop: async () => {
      running = false;
      clearInterval(sampler);
      await polling;
    },
  };
  const sampler = setInterval(() => {
    watch.peakRssBytes = Math.max(watch.peakRssBytes, residentBytes(pid));
  }, 25);
  const polling = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const answer = await rawRequest({ port, method: 'GET', path: '/api/health', timeoutMs: 10_000, agent: false });
        if (answer.status !== 200) watch.healthFailures.push(`health ${answer.status}`);
      } catch (error) {
        watch.healthFailures.push((error as Error).message);
      }
      const took = performance.now() - started;
      watch.worstHealthMs = Math.max(watch.worstHealthMs, took);
      windowWorst = Math.max(windowWorst, took);
      watch.healthAsked += 1;
      await new Promise((done) => setTimeout(done, 10));
    }
  })();
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
