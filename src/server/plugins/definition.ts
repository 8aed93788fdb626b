import fp from 'fastify-plugin';
import { loadDefinition } from '../definition/definition.js';

/** The wizard definition from SCHEMAS_DIR, loaded and compiled once at start. */
export default fp(
  async (app) => {
    app.decorate(
      'definition',
      loadDefinition(app.config.schemasDir, { mapKey: app.config.mapKey, mapTileUrl: app.config.mapTileUrl }),
    );
  },
  { name: 'definition', fastify: '5.x' },
);
