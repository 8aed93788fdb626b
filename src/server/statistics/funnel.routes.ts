import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiPaths } from '../../shared/contracts/wizard-api.js';
import { toAsciiDigits } from '../../shared/text/normalize.js';
import { staffPaths } from '../../shared/contracts/staff.js';
import { FunnelAnswer } from '../../shared/contracts/staff.schemas.js';
import { apiTags } from '../api-tags.js';
import { errorResponses } from '../errors.js';
import { Nothing } from '../api.schemas.js';
import { planOf, summingCounter } from './counting.js';
import { addStepReach, funnelVersions, readFunnel } from './funnel.repository.js';
import { dayInTehran } from '../../shared/text/tehran-day.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

const statisticStepRouteSchema = {
  operationId: 'countStepReached',
  tags: [apiTags.statistics.name],
  summary: 'Counts one visitor reaching a wizard step',
  description:
    'By Tehran day, plan and definition version; a step the wizard does not have is not counted. Anonymous: no cookie is read or set. Rate-limited per client.',
  querystring: Type.Object({
    step: Type.String({ maxLength: 4, description: 'step number, from 1 (Persian digits allowed)' }),
    tier: Type.Optional(Type.String({ maxLength: 16, description: 'plan id (Persian digits allowed)' })),
  }),
  response: { 204: Nothing(), ...errorResponses },
};

/**
 * GET Statistic/Step: one visitor reached step N. Anonymous: no cookie is read or set, nothing about
 * the visitor is stored. GET staff/funnel: what staff read of those counts, with visits and
 * registrations.
 */
export const funnelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const count = summingCounter(
    app.relaxedWrites,
    (reach: { day: string; tier: number; step: number }) => `${reach.day}|${reach.tier}|${reach.step}`,
    (db, reach, reaches) => addStepReach(db, { ...reach, definitionVersion: app.definitions.live().version }, reaches),
  );
  // Limited per client like Statistic/Register, so nobody can inflate the counts at will.
  const rateLimit = { max: app.config.rateLimit.statisticPerMinute };

  app.get(
    apiPaths.statisticStep,
    { schema: statisticStepRouteSchema, config: { rateLimit } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const step = Number(toAsciiDigits(request.query.step));
      // A step the wizard does not have is not counted, and the answer says nothing about why.
      // The live version's steps and plans: a publish changes them without a restart.
      const live = app.definitions.live();
      if (!Number.isInteger(step) || step < 1 || step > live.wizard.steps.length) return reply.code(204).send();
      await count({ day: dayInTehran(app.clock()), tier: planOf(request.query.tier, live), step });
      return reply.code(204).send();
    },
  );

  app.get(
    staffPaths.funnel,
    {
      schema: {
        operationId: 'getFunnel',
        tags: [apiTags.staffFunnel.name],
        summary: 'The registration funnel',
        description:
          'Per Tehran day and plan: welcome visits, visitors reaching each step, registrations and conversion; filtered by day range and definition version.',
        querystring: Type.Object(
          {
            from: Type.Optional(Day),
            to: Type.Optional(Day),
            version: Type.Optional(Type.String({ maxLength: 100 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: FunnelAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { from, to, version } = request.query;
      const db = app.database.db;
      const [rows, versions] = await Promise.all([
        readFunnel(db, { from, to, definitionVersion: version }),
        funnelVersions(db),
      ]);
      void reply.header('cache-control', 'no-store');
      return {
        versions,
        rows: rows.map((row) => ({ ...row, conversion: row.visits > 0 ? row.registrations / row.visits : null })),
      };
    },
  );
};
