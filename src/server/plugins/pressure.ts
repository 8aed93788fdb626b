import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';

/** Seconds a refused client is asked to wait. */
const RETRY_AFTER_S = 5;
/** The library's sampling period (its default), stated so the start's grace can be two of them. */
const SAMPLE_INTERVAL_MS = 1000;

/**
 * @fastify/under-pressure: while the event loop delay (PRESSURE_MAX_EVENT_LOOP_DELAY_MS) or the
 * heap in use (PRESSURE_MAX_HEAP_USED_MB, 90 % of V8's limit by default) is past its bound, a
 * request gets the contract's 503 `unavailable` with Retry-After instead of making things worse.
 * Sampled every second by the library. A route passes whatever the load with
 * `config: { pressureHandler: passUnderPressure }` (metrics/pass-under-pressure.ts).
 */
export default fp(
  async (app) => {
    const { maxEventLoopDelayMs, maxHeapUsedBytes } = app.config.pressure;
    // The first samples measure the start itself (validators compiled and pages rendered in one
    // go), not load: they are not held against the first requests.
    let armedAt = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      armedAt = performance.now() + 2 * SAMPLE_INTERVAL_MS;
    });
    await app.register(underPressure, {
      sampleInterval: SAMPLE_INTERVAL_MS,
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxHeapUsedBytes: maxHeapUsedBytes ?? Math.floor(getHeapStatistics().heap_size_limit * 0.9),
      // A rejection goes on to the error handler: the contract's Persian body, not the library's English one.
      pressureHandler: (_request, _reply, type) => {
        if (performance.now() < armedAt) return undefined;
        app.metrics.pressureRefusals.inc({ reason: reasonOf(type) });
        return Promise.reject(new ApiError(503, 'unavailable', undefined, { 'retry-after': String(RETRY_AFTER_S) }));
      },
    });
  },
  { name: 'pressure', fastify: '5.x', dependencies: ['metrics'] },
);

function reasonOf(type: string): string {
  if (type === underPressure.TYPE_EVENT_LOOP_DELAY) return 'event_loop_delay';
  if (type === underPressure.TYPE_HEAP_USED_BYTES) return 'heap_used';
  return 'other';
}
