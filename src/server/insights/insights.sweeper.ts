import type { FastifyInstance } from 'fastify';
import { sweepIdleVisits } from './insights.repository.js';

/**
 * Every INSIGHTS_SWEEP_MS, the visits idle for INSIGHTS_IDLE_MS become abandoned counts and their
 * rows go. Each process sweeps; the delete names what it removed, so no visit is counted twice.
 */
export function startInsightsSweeper(app: FastifyInstance): void {
  const { sweepMs, idleMs } = app.config.insights;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      await app.relaxedWrites.submit((db) => sweepIdleVisits(db, app.clock() - idleMs));
    } catch (error) {
      app.log.warn({ err: { message: (error as Error).message } }, 'insights: idle visits not swept this time');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), sweepMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
