import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { GroupCommit } from './db/group-commit.js';
import type { DefinitionStore } from './definition/definition-store.js';
import type { DefinitionPublishing } from './definition-publishing/definition-publishing.service.js';
import type { CaptchaService } from './captcha/captcha.service.js';
import type { LocationsResource } from './locations/locations.js';

/** What the plugins add to Fastify, declared once so routes are typed without casts. */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: () => number;
    /** The versions of the definition this process serves (plugins/definition.ts); `live()` at each use, never kept. */
    definitions: DefinitionStore;
    /** The draft, publish and rollback (the staff definition routes, the preview, the CLI). */
    definitionPublishing: DefinitionPublishing;
    database: DatabaseHandle;
    /** Durable group commit (registrations): answered only after an fsync'd commit. */
    durableWrites: GroupCommit;
    /** Relaxed group commit (captchas, visit counts): losing the last ones in a power cut is fine. */
    relaxedWrites: GroupCommit;
    locations: LocationsResource;
    captcha: CaptchaService;
  }
  interface FastifyRequest {
    /** The pre-session id from the HttpOnly cookie (issued by the csrf plugin when missing). */
    psid: string;
  }
}

export {};
