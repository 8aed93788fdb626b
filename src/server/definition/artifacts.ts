/**
 * What the browser receives for one version of the definition, made once per version
 * before it is served: its files as `definition.json`, its validators module (ajv standalone code,
 * src/shared/definition/validators-code.ts) and, when the client is built, every step's page rendered by the
 * server-side bundle the build left (src/shared/definition/page-renderer.ts), with Register/Config inlined.
 * Each is kept compressed (brotli, gzip) with its ETag, keyed by the version's content hash, so a
 * version is never made twice in a process.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { REGISTER_CONFIG_ELEMENT_ID } from '../../shared/contracts/wizard-api.js';
import type { RegisterConfig } from '../../shared/contracts/wizard-api.schemas.js';
import { PAGE_RENDERER_FILE, type PageRenderer } from '../../shared/definition/page-renderer.js';
import type { Definition } from './definition.js';

export interface CompressedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export function compressedBody(text: string): CompressedBody {
  const identity = Buffer.from(text);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
  };
}

export interface VersionArtifacts {
  version: string;
  definitionJson: CompressedBody;
  validatorsJs: CompressedBody;
  /** Route -> its page; empty without a client build. */
  pages: Map<string, CompressedBody>;
}

/** How long each part of making a version took (the benchmark's publishMs is their sum with the check). */
export interface ArtifactTimings {
  validatorsMs: number;
  pagesMs: number;
}

/** Versions kept made in memory: the live one, those still accepted, and a few the staff looked at. */
const KEPT_VERSIONS = 8;

/** A version's files and validators: what its pages and the staff preview fetch. */
export type VersionScripts = Pick<VersionArtifacts, 'version' | 'definitionJson' | 'validatorsJs'>;

/** A map of promises keeping the most recently used `limit` entries; a failed one is forgotten. */
class RecentlyMade<T> {
  private readonly entries = new Map<string, Promise<T>>();
  constructor(private readonly limit: number) {}

  get(key: string): Promise<T> | undefined {
    return this.entries.get(key);
  }

  getOrMake(key: string, make: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key);
    if (known) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const making = make();
    this.entries.set(key, making);
    making.catch(() => this.entries.delete(key));
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return making;
  }
}

export class ArtifactStore {
  private readonly scripts = new RecentlyMade<VersionScripts>(KEPT_VERSIONS);
  private readonly made = new RecentlyMade<VersionArtifacts>(KEPT_VERSIONS);
  /** The versions whose artifacts are made (the live one is, before it is served). */
  private readonly done = new Map<string, VersionArtifacts>();
  private renderer: Promise<PageRenderer> | undefined;
  /** How long the last version's artifacts took to make. */
  lastTimings: ArtifactTimings | undefined;

  constructor(
    private readonly options: {
      /** The server-side bundle's folder; pages are made only when its renderer is there. */
      ssrDir: string;
      registerConfigOf: (definition: Definition) => RegisterConfig;
    },
  ) {}

  /** Whether the build left a page renderer (a server without a client build serves no pages). */
  get rendersPages(): boolean {
    return existsSync(join(this.options.ssrDir, PAGE_RENDERER_FILE));
  }

  /** The version's files and validators, made on first use. */
  scriptsOf(definition: Definition): Promise<VersionScripts> {
    return this.scripts.getOrMake(definition.version, async () => ({
      version: definition.version,
      validatorsJs: compressedBody(definition.validatorsJs),
      definitionJson: compressedBody(JSON.stringify({ version: definition.version, files: definition.files })),
    }));
  }

  /** Everything of a version, pages included: what a version needs before it is served. */
  of(definition: Definition): Promise<VersionArtifacts> {
    return this.made.getOrMake(definition.version, async () => {
      const started = performance.now();
      const scripts = await this.scriptsOf(definition);
      const validated = performance.now();
      const pages = await this.pages(definition);
      this.lastTimings = { validatorsMs: validated - started, pagesMs: performance.now() - validated };
      const artifacts = { ...scripts, pages };
      this.done.set(definition.version, artifacts);
      while (this.done.size > KEPT_VERSIONS) this.done.delete(this.done.keys().next().value!);
      return artifacts;
    });
  }

  /** The artifacts of a version already made (the live one always is), without making them. */
  ready(version: string): VersionArtifacts | undefined {
    return this.done.get(version);
  }

  private async pages(definition: Definition): Promise<Map<string, CompressedBody>> {
    const pages = new Map<string, CompressedBody>();
    if (!this.rendersPages) return pages;
    this.renderer ??= import(pathToFileURL(join(this.options.ssrDir, PAGE_RENDERER_FILE)).href).then(
      (module: { renderer: PageRenderer }) => module.renderer,
    );
    const renderer = await this.renderer;
    const rendered = await renderer.renderPages({ version: definition.version, files: definition.files });
    const block = registerConfigBlock(this.options.registerConfigOf(definition));
    for (const page of rendered)
      pages.set(page.route, compressedBody(page.html.replace('</head>', () => `  ${block}\n  </head>`)));
    return pages;
  }
}

/**
 * Register/Config as a JSON data block: never run (the CSP allows no inline script); `<` is
 * escaped so the text cannot close the element. The app reads its version from it.
 */
function registerConfigBlock(config: RegisterConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${REGISTER_CONFIG_ELEMENT_ID}">${json}</script>`;
}
