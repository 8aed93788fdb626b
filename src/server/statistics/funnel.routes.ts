import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../shared/api-contract.js';
import { toAsciiDigits } from '../../shared/normalize.js';
import { staffPaths } from '../../shared/staff-contract.js';
import { coalesce } from '../db/coalesce.js';
import { errorResponseSchema } from '../errors.js';
import { addStepReach, funnelVersions, readFunnel } from './funnel.repository.js';
import { dayInTehran } from '../../shared/tehran-day.js';

const errors = { '4xx': errorResponseSchema, '5xx': errorResponseSchema } as const;
const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

export const statisticStepRouteSchema = {
  summary: 'Counts one visitor reaching a wizard step, by day, plan and definition version (rate-limited per client)',
  querystring: {
    type: 'object',
    required: ['step'],
    properties: {
      step: { type: 'string', maxLength: 4, description: 'step number, from 1 (Persian digits allowed)' },
      tier: { type: 'string', maxLength: 16, description: 'plan id (Persian digits allowed)' },
    },
  },
  response: { 204: { type: 'null' }, ...errors },
} as const;

const funnelRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['day', 'tier', 'visits', 'steps', 'registrations', 'conversion'],
  properties: {
    day: { type: 'string' },
    tier: { type: 'integer' },
    visits: { type: 'integer' },
    steps: { type: 'object', additionalProperties: { type: 'integer' } },
    registrations: { type: 'integer' },
    conversion: { type: ['number', 'null'] },
  },
} as const;

/**
 * GET Statistic/Step: one visitor reached step N. Anonymous: no cookie is read or set, nothing about
 * the visitor is stored. GET staff/funnel: what staff read of those counts, with visits and
 * registrations.
 */
export const funnelRoutes: FastifyPluginAsync = async (app) => {
  const { tiers, defaultTier } = app.definition.registerConfig;
  const known = new Set(tiers.map((tier) => tier.id));
  const stepCount = app.definition.wizard.steps.length;
  // Reaches of one turn of the event loop are summed per key: one upsert each, not one per visitor.
  const count = coalesce(async (reaches: Array<{ day: string; tier: number; step: number }>) => {
    const sums = new Map<string, { day: string; tier: number; step: number; count: number }>();
    for (const reach of reaches) {
      const key = `${reach.day}|${reach.tier}|${reach.step}`;
      const sum = sums.get(key) ?? { ...reach, count: 0 };
      sum.count += 1;
      sums.set(key, sum);
    }
    await app.relaxedWrites.submit(async (db) => {
      for (const sum of sums.values()) {
        await addStepReach(db, { ...sum, definitionVersion: app.definition.version }, sum.count);
      }
    });
  });
  // Limited per client like Statistic/Register, so nobody can inflate the counts at will.
  const rateLimit = { max: app.config.rateLimit.statisticPerMinute };

  app.get<{ Querystring: { step: string; tier?: string } }>(
    apiPaths.statisticStep,
    { schema: statisticStepRouteSchema, config: { rateLimit } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const step = Number(toAsciiDigits(request.query.step));
      // A step the wizard does not have is not counted, and the answer says nothing about why.
      if (!Number.isInteger(step) || step < 1 || step > stepCount) return reply.code(204).send();
      const asked = Number(toAsciiDigits(request.query.tier ?? ''));
      const tier = known.has(asked) ? asked : defaultTier;
      await count({ day: dayInTehran(app.clock()), tier, step });
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: { from?: string; to?: string; version?: string } }>(
    staffPaths.funnel,
    {
      schema: {
        summary: 'The registration funnel per Tehran day and plan: visits, steps reached, registrations, conversion',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { from: day, to: day, version: { type: 'string', maxLength: 100 } },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['versions', 'rows'],
            properties: {
              versions: { type: 'array', items: { type: 'string' } },
              rows: { type: 'array', items: funnelRowSchema },
            },
          },
          ...errors,
        },
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
