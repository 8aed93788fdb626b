import type { FastifyReply, FastifyRequest } from 'fastify';

export type PressureHandler = (request: FastifyRequest, reply: FastifyReply, type: string, value?: number) => unknown;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route handler (plugins/pressure.ts). */
    pressureHandler?: PressureHandler;
  }
}

/**
 * A route's pressure handler that lets the request through: the liveness probe and the metrics
 * must answer most of all while the process is under pressure.
 */
export const passUnderPressure: PressureHandler = () => undefined;
