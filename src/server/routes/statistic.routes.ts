import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../shared/api-contract.js';
import { toAsciiDigits } from '../../shared/normalize.js';
import { errorResponseSchema } from '../errors.js';
import { coalesce } from '../db/coalesce.js';
import { addVisits } from '../statistics/visit.repository.js';
import { dayInTehran } from '../../shared/tehran-day.js';

export const statisticRouteSchema = {
  summary: 'Counts one welcome-page visit for the day and plan (rate-limited per client)',
  // Any tier is accepted and anything unknown counts as the default plan, so no type is imposed.
  querystring: { type: 'object', properties: { tier: { description: 'plan id (Persian digits allowed)' } } },
  response: { 204: { type: 'null' }, '4xx': errorResponseSchema, '5xx': errorResponseSchema },
} as const;

/** GET Statistic/Register: one welcome-page visit, by day and plan; a missing or unknown plan counts as the default. */
export const statisticRoutes: FastifyPluginAsync = async (app) => {
  const { tiers, defaultTier } = app.definition.registerConfig;
  const known = new Set(tiers.map((tier) => tier.id));
  // Visits of one turn of the event loop are summed per (day, plan): one upsert each, not one per visit.
  const count = coalesce(async (visits: Array<{ day: string; tier: number }>) => {
    const sums = new Map<string, { day: string; tier: number; count: number }>();
    for (const { day, tier } of visits) {
      const key = `${day}|${tier}`;
      const sum = sums.get(key) ?? { day, tier, count: 0 };
      sum.count += 1;
      sums.set(key, sum);
    }
    await app.relaxedWrites.submit(async (db) => {
      for (const sum of sums.values()) await addVisits(db, sum.day, sum.tier, sum.count);
    });
  });
  // Limited per client like the other public routes, so nobody can inflate the counts at will.
  const rateLimit = { max: app.config.rateLimit.statisticPerMinute };
  app.get<{ Querystring: { tier?: unknown } }>(
    apiPaths.statistic,
    { schema: statisticRouteSchema, config: { rateLimit } },
    async (request, reply) => {
      const raw = request.query.tier;
      const asked = typeof raw === 'string' && raw.length <= 16 ? Number(toAsciiDigits(raw)) : Number.NaN;
      const tier = known.has(asked) ? asked : defaultTier;
      const day = dayInTehran(app.clock());
      await count({ day, tier });
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
};
