import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { GroupCommit } from './db/group-commit.js';
import type { Definition } from './definition/definition.js';
import type { DefinitionRegistry } from './definition/definition.registry.js';
import type { DefinitionStore } from './definition/definition.service.js';
import type { CaptchaService } from './captcha/captcha.service.js';
import type { LocationsResource } from './locations/locations.js';

/** What the plugins add to Fastify, declared once so routes are typed without casts. */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: () => number;
    /** The versions of the definition this process serves (plugins/definition.ts). */
    definitions: DefinitionRegistry;
    /** The live version: a getter of definitions.live(), read at each use (never keep it). */
    readonly definition: Definition;
    /** The same registry with the draft, publish and rollback (the staff definition routes). */
    definitionStore: DefinitionStore;
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
