import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiPaths } from '../../shared/contracts/wizard-api.js';
import { apiTags } from '../api-tags.js';
import { errorResponses } from '../errors.js';
import { Nothing } from '../api.schemas.js';
import { planOf, summingCounter } from '../statistics/counting.js';
import { addVisits } from '../statistics/visit.repository.js';
import { dayInTehran } from '../../shared/text/tehran-day.js';

const statisticRouteSchema = {
  operationId: 'countWelcomeVisit',
  tags: [apiTags.statistics.name],
  summary: 'Counts one welcome-page visit',
  description:
    'By Tehran day and plan; a missing or unknown plan counts as the default one. Anonymous, rate-limited per client.',
  // Any tier is accepted and anything unknown counts as the default plan, so no type is imposed.
  querystring: Type.Object({ tier: Type.Optional(Type.Unknown({ description: 'plan id (Persian digits allowed)' })) }),
  response: { 204: Nothing(), ...errorResponses },
};

/** GET Statistic/Register: one welcome-page visit, by day and plan; a missing or unknown plan counts as the default. */
export const statisticRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const count = summingCounter(
    app.relaxedWrites,
    ({ day, tier }: { day: string; tier: number }) => `${day}|${tier}`,
    (db, { day, tier }, visits) => addVisits(db, day, tier, visits),
  );
  // Limited per client like the other public routes, so nobody can inflate the counts at will.
  const rateLimit = { max: app.config.rateLimit.statisticPerMinute };
  app.get(apiPaths.statistic, { schema: statisticRouteSchema, config: { rateLimit } }, async (request, reply) => {
    // The live version's plans: a publish changes them without a restart.
    await count({ day: dayInTehran(app.clock()), tier: planOf(request.query.tier, app.definitions.live()) });
    return reply.header('cache-control', 'no-store').code(204).send();
  });
};
