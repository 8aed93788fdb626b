/** Tests that need a version in the database that the checker never saw. */
import type { FastifyInstance } from 'fastify';
import { definitionVersionOf } from '../../src/server/definition/definition.js';
import * as repository from '../../src/server/definition/definition.repository.js';

/** Makes `texts` the live version straight in the database, past the checker, as another program could. */
export async function makeLiveUnchecked(app: FastifyInstance, texts: Record<string, string>): Promise<string> {
  const files = Object.fromEntries(Object.entries(texts).map(([path, text]) => [path, JSON.parse(text) as unknown]));
  const version = definitionVersionOf(files);
  const db = app.database.db;
  const now = Date.now();
  await repository.insertVersion(db, { version, texts, registrationSchema: {}, now });
  const from = await repository.readLive(db);
  if (!from || !(await repository.switchLive(db, from, version, now))) throw new Error('the live pointer moved');
  await repository.insertPublication(db, {
    version,
    previousVersion: from.version,
    action: 'publish',
    at: now,
    actorId: null,
    note: 'unchecked',
  });
  return version;
}
