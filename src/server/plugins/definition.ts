import fp from 'fastify-plugin';
import { addressServiceKind } from '../address/address.service.js';
import { DefinitionStore } from '../definition/definition-store.js';
import { STORED_FLOOR } from '../registration/registration.columns.js';
import { DefinitionPublishing, insertFirstDraft } from '../definition-publishing/definition-publishing.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The versions of the definition this process serves; `live()` at each use, never kept. */
    definitions: DefinitionStore;
    /** The draft, publish and rollback (the staff definition routes, the preview, the CLI). */
    definitionPublishing: DefinitionPublishing;
  }
}

/**
 * The definition registry (app.definitions): versions live in the database; the shipped schemas/
 * folder is imported as the first live version into a database that has none. Every process polls
 * the one-row live pointer (config.definition.pollMs) and, when another process published, prepares
 * that version and then serves it; `app.definitions.live()` is the live version, read at each use.
 * The draft, publish and rollback (app.definitionPublishing) switch the live version through it.
 */
export default fp(
  async (app) => {
    const store = await DefinitionStore.open({
      database: app.database,
      clock: app.clock,
      graceMs: app.config.definition.graceMs,
      overrides: {
        mapKey: app.config.mapKey,
        mapTileUrl: app.config.mapTileUrl,
        addressServiceFor: (provider) => addressServiceKind(app.config.mapService, provider) !== undefined,
      },
      floor: STORED_FLOOR,
      schemasDir: app.config.schemasDir,
      logError: (message, detail) => app.log.error(detail, message),
      onImport: insertFirstDraft,
    });
    app.decorate('definitions', store);
    app.decorate('definitionPublishing', new DefinitionPublishing({ store, database: app.database, clock: app.clock }));
    let poll: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      // Preparers are added by plugins registered after this one: the first live version is prepared once all are in.
      await store.prepareLive();
      poll = setInterval(() => {
        store.refresh().catch((error: unknown) => {
          app.log.warn({ err: { message: (error as Error).message } }, 'could not look for a newly published form');
        });
      }, app.config.definition.pollMs).unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(poll);
    });
  },
  { name: 'definition', fastify: '5.x', dependencies: ['database'] },
);
