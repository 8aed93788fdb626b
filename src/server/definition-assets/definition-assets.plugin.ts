/**
 * Everything the browser receives for a version of the definition: a preparer that
 * makes its artifacts (definition/artifacts.ts) before the version is served, here and in every
 * other process. The routes that send them are definition-assets/definition-assets.routes.ts (a stored
 * version's) and definition-publishing/draft-preview.routes.ts (the draft's, for the staff
 * preview, opened by a preview token).
 */
import fp from 'fastify-plugin';
import { ArtifactStore } from '../definition/artifacts.js';
import { registerConfigOf } from './register-config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The artifacts of each version this process serves (pages, validators, definition.json). */
    definitionArtifacts: ArtifactStore;
  }
}

export default fp(
  async (app) => {
    const analytics = app.config.insights.enabled;
    const artifacts = new ArtifactStore({
      ssrDir: app.config.ssrDir,
      registerConfigOf: (definition) => registerConfigOf(definition, analytics),
    });
    app.decorate('definitionArtifacts', artifacts);
    app.definitions.addPreparer(async (definition) => {
      await artifacts.of(definition);
    });
  },
  { name: 'definition-assets', fastify: '5.x', dependencies: ['definition'] },
);
