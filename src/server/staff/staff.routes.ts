import type { FastifyPluginAsync } from 'fastify';
import { keepDefinitionVersion } from '../definition/definition-version.repository.js';
import { auditRoutes } from '../audit/audit.routes.js';
import { caseActionsRoutes } from './routes/case-actions.routes.js';
import { casesRoutes } from './routes/cases.routes.js';
import { exportRoutes } from './routes/export.routes.js';
import { sessionRoutes } from './routes/session.routes.js';
import { unassignedCount } from './unassigned-count.js';

/**
 * The staff console's API, one file per screen under routes/: every route under /api/staff/ is
 * guarded by plugins/staff-auth.ts (signing in alone is public); the workflow and assignment are
 * case.service.ts, the export export.ts.
 */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  // A case is read against the definition it was made under: keep the one served from now on.
  const live = app.definitions.live();
  await keepDefinitionVersion(app.database.db, live.version, live.registrationSchema, app.clock());
  const unassigned = unassignedCount(() => app.database.db, app.clock);
  await app.register(sessionRoutes);
  await app.register(casesRoutes, { unassigned });
  await app.register(caseActionsRoutes, { unassigned });
  await app.register(exportRoutes);
  await app.register(auditRoutes);
};
