import type { DefinitionProblem } from '../../shared/contracts/definition.schemas.js';
import type { FloorRule } from '../definition-check/floor.js';
import type { DefinitionFiles, DefinitionTexts } from '../../shared/definition/definition-files.js';
import { limitExcess } from '../definition-check/limits.js';
import type { Transaction } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/tables.js';
import { lineOf } from '../../shared/definition/json.js';
import { ApiError } from '../errors.js';
import { checkDefinitionTexts } from './definition-check.js';
import {
  buildDefinition,
  DefinitionCodeError,
  DefinitionError,
  readDefinitionFolder,
  type Definition,
  type DefinitionOverrides,
} from './definition.js';
import type { DefinitionRegistry, Preparer } from './definition.registry.js';
import * as repository from './definition.repository.js';
import type { LivePointer } from './definition.repository.js';

export interface DefinitionStoreDeps {
  database: DatabaseHandle;
  clock: () => number;
  /** How long a version is still accepted after it stopped being live. */
  graceMs: number;
  overrides: DefinitionOverrides;
  /** The stored columns' floor: every version is checked against it (registration.columns.ts's STORED_FLOOR). */
  floor: readonly FloorRule[];
  /** The shipped definition, imported as the first live version into a database that has none. */
  schemasDir: string;
  /** Where a stored version that fails its checks is named (one line each time it is refused). */
  logError?: (message: string, detail: Record<string, unknown>) => void;
  /** Written in the transaction that imports the shipped folder (the first draft is a copy of it). */
  onImport?: (
    trx: Transaction<Database>,
    imported: { texts: DefinitionTexts; version: string; now: number },
  ) => Promise<void>;
}

/** What a switch of the live version records, in its transaction, once the pointer moved. */
export type SwitchRecord = (trx: Transaction<Database>, switched: { from: LivePointer; now: number }) => Promise<void>;

const SWITCH_ATTEMPTS = 5;

/**
 * Parses each text; a file that is not JSON, or is beyond the definition's limits, is left out
 * (the checker reports it). Every reader of the files (serialising, hashing, the diff) recurses
 * into them, so none of them may see a value deeper than the limits.
 */
export function filesOf(texts: DefinitionTexts): DefinitionFiles {
  const files: DefinitionFiles = {};
  for (const [path, text] of Object.entries(texts)) {
    let value: unknown;
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      continue; // Not JSON (yet): kept as typed in texts, reported by the checker, never published.
    }
    if (!limitExcess(value).excess) files[path] = value;
  }
  return files;
}

/** A version no longer live, and when it stopped being live (the grace window counts from it). */
interface RetiredVersion {
  definition: Definition;
  retiredAt: number;
}

/**
 * The versions this process serves, kept in step with the database: the live one (switched when
 * another process publishes, found by polling the one-row pointer), the past ones still accepted,
 * and any other on demand. Publishing and rolling back switch the live version through here, so
 * the process that does it serves the new version as soon as it is committed.
 */
export class DefinitionStore implements DefinitionRegistry {
  private current!: { definition: Definition; serial: number };
  /** Versions no longer live but still accepted, with when they stopped being live. */
  private retired = new Map<string, RetiredVersion>();
  /** Definitions built from the database, by version (each is compiled once). */
  private built = new Map<string, Definition>();
  private readonly preparers: Preparer[] = [];
  private refreshing: Promise<void> | undefined;
  /** The live pointer's serial whose version failed its checks (named once in the log, not at every poll). */
  private refusedSerial: number | undefined;

  private constructor(private readonly deps: DefinitionStoreDeps) {}

  /** Opens the store: imports the shipped folder when the database has no version yet, then reads the live one. */
  static async open(deps: DefinitionStoreDeps): Promise<DefinitionStore> {
    const store = new DefinitionStore(deps);
    await store.importFolderIfEmpty();
    const live = await repository.readLive(deps.database.db);
    if (!live) throw new DefinitionError('The database has no live version of the form.');
    store.current = { definition: await store.lastGood(live.version), serial: live.serial };
    store.retired = await store.retiredBeside(store.current.definition.version);
    return store;
  }

  /**
   * `version` if it passes today's checks, else the newest version published before it that does:
   * a version stored before a rule was added, or written to the database by other means, is never
   * served when it breaks one.
   */
  private async lastGood(version: string): Promise<Definition> {
    const published = (await repository.listPublications(this.deps.database.db)).map((entry) => entry.version);
    const candidates = [version, ...published.reverse().filter((candidate) => candidate !== version)];
    for (const candidate of candidates) {
      const definition = await this.loadChecked(candidate);
      if (definition) return definition;
    }
    throw new DefinitionError('No stored version of the form passes its checks.');
  }

  /** The version, or undefined (after one error line naming it) when it fails its checks. */
  private async loadChecked(version: string): Promise<Definition | undefined> {
    try {
      return await this.load(version);
    } catch (error) {
      if (!(error instanceof DefinitionError)) throw error;
      this.deps.logError?.('a stored version of the form fails its checks and is not served', {
        version,
        reason: error.message,
      });
      return undefined;
    }
  }

  live(): Definition {
    return this.current.definition;
  }

  accepted(version: string): Definition | undefined {
    if (version === this.current.definition.version) return this.current.definition;
    const past = this.retired.get(version);
    return past && this.deps.clock() < past.retiredAt + this.deps.graceMs ? past.definition : undefined;
  }

  async byVersion(version: string): Promise<Definition | undefined> {
    try {
      return await this.load(version);
    } catch (error) {
      if (error instanceof DefinitionError) return undefined;
      throw error;
    }
  }

  addPreparer(prepare: Preparer): void {
    this.preparers.push(prepare);
  }

  /** Runs every preparer for the live version (at start, before the first request). */
  async prepareLive(): Promise<void> {
    await this.prepare(this.current.definition);
  }

  /**
   * Looks at the live pointer and, when another process moved it, prepares that version and then
   * serves it. One look at a time; a call during a look waits for it.
   */
  refresh(): Promise<void> {
    this.refreshing ??= this.lookAtLive().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /**
   * The definition of files the checker passed, or the problem when their validators could not be
   * generated: named at its file and pointer like the checker's own, never a 500.
   */
  async build(texts: DefinitionTexts): Promise<{ definition: Definition } | { problems: DefinitionProblem[] }> {
    try {
      return { definition: await buildDefinition(filesOf(texts), this.deps.overrides) };
    } catch (error) {
      if (!(error instanceof DefinitionCodeError)) throw error;
      const file = Object.hasOwn(texts, error.file) ? error.file : 'wizard.json';
      const text = texts[file];
      const line = text === undefined ? null : (lineOf(text, error.pointer) ?? null);
      const message = `${error.message}. Correct the schema at that spot; the draft cannot be published until its validators can be made.`;
      return { problems: [{ file, line, pointer: error.pointer, message, level: 'error', code: 'validators-code' }] };
    }
  }

  /** The checker's problems in these files, against the floor this store serves. */
  check(texts: DefinitionTexts): Promise<DefinitionProblem[]> {
    return checkDefinitionTexts(texts, this.deps.floor);
  }

  /** A stored version, checked (a DefinitionError when it fails today's checks). */
  async checked(version: string): Promise<Definition> {
    return this.load(version);
  }

  /**
   * Makes `definition` the live version for every process: `record` writes, in the same
   * transaction, why it moved. 409 when it is live already; 503 when other switches kept winning.
   */
  async switchLive(definition: Definition, texts: DefinitionTexts, record: SwitchRecord): Promise<void> {
    if (definition.version === this.current.definition.version) throw new ApiError(409, 'definition_unchanged');
    await this.makeLive(definition, texts, record);
  }

  private async makeLive(definition: Definition, texts: DefinitionTexts, record: SwitchRecord): Promise<void> {
    // Validators and pages first: no process may serve a version before they exist.
    await this.prepare(definition);
    const { database, clock } = this.deps;
    for (let attempt = 0; attempt < SWITCH_ATTEMPTS; attempt += 1) {
      const now = clock();
      const outcome = await database.transaction('durable', async (trx) => {
        await repository.insertVersion(trx, {
          version: definition.version,
          texts,
          registrationSchema: definition.registrationSchema,
          now,
        });
        const from = await repository.readLive(trx);
        if (!from) throw new DefinitionError('The database has no live version of the form.');
        if (from.version === definition.version) return 'unchanged' as const;
        if (!(await repository.switchLive(trx, from, definition.version, now))) return 'moved' as const;
        await record(trx, { from, now });
        return { serial: from.serial + 1 };
      });
      if (outcome === 'unchanged') throw new ApiError(409, 'definition_unchanged');
      if (outcome === 'moved') continue; // another process switched in between: read the pointer again
      this.built.set(definition.version, definition);
      this.adopt(definition, outcome.serial, await this.retiredBeside(definition.version));
      return;
    }
    throw new ApiError(503, 'unavailable', undefined, { 'retry-after': '1' });
  }

  private async lookAtLive(): Promise<void> {
    const live = await repository.readLive(this.deps.database.db);
    if (!live || live.serial <= this.current.serial || live.serial === this.refusedSerial) return;
    const definition = await this.loadChecked(live.version);
    if (!definition) {
      // Keep serving the last good version; the next publish moves the pointer again.
      this.refusedSerial = live.serial;
      return;
    }
    await this.prepare(definition);
    this.adopt(definition, live.serial, await this.retiredBeside(definition.version));
  }

  /**
   * Serves `definition` from now on, unless a later switch was adopted already. The versions still
   * accepted beside it change in the same step: a manager on the version just retired is never
   * refused in between.
   */
  private adopt(definition: Definition, serial: number, retired: Map<string, RetiredVersion>): void {
    if (serial <= this.current.serial) return;
    this.current = { definition, serial };
    this.retired = retired;
    // Keep compiled only what is served or accepted (others are built again on demand).
    for (const version of this.built.keys()) {
      if (version !== definition.version && !retired.has(version)) this.built.delete(version);
    }
  }

  private async prepare(definition: Definition): Promise<void> {
    for (const prepare of this.preparers) await prepare(definition);
  }

  /** The versions that stopped being live within the grace window, beside `live` (from the publication history). */
  private async retiredBeside(live: string): Promise<Map<string, RetiredVersion>> {
    const publications = await repository.listPublications(this.deps.database.db);
    const retiredAt = new Map<string, number>();
    publications.forEach((publication, index) => {
      const next = publications[index + 1];
      if (next) retiredAt.set(publication.version, next.at);
      else retiredAt.delete(publication.version);
    });
    const now = this.deps.clock();
    const retired = new Map<string, RetiredVersion>();
    for (const [version, at] of retiredAt) {
      if (version === live || now >= at + this.deps.graceMs) continue;
      const definition = await this.byVersion(version);
      if (definition) retired.set(version, { definition, retiredAt: at });
    }
    return retired;
  }

  private async load(version: string): Promise<Definition> {
    const known = this.built.get(version);
    if (known) return known;
    const texts = await repository.readVersionTexts(this.deps.database.db, version);
    if (!texts) throw new DefinitionError(`The database has no files for version ${version}.`);
    // Checked again at every load: a version stored before today's rules must pass them too.
    const failures = (await this.check(texts)).filter((problem) => problem.level !== 'warning');
    if (failures.length > 0)
      throw new DefinitionError(
        `Version ${version} fails ${failures.length} check(s), first: ${failures[0].file} ${failures[0].message}`,
      );
    const definition = await buildDefinition(filesOf(texts), this.deps.overrides);
    this.built.set(version, definition);
    return definition;
  }

  /** A database with no version gets the shipped folder as its first live version (and, by onImport, its draft). */
  private async importFolderIfEmpty(): Promise<void> {
    const { database, clock, schemasDir, overrides, onImport } = this.deps;
    if (await repository.readLive(database.db)) return;
    const { texts } = readDefinitionFolder(schemasDir);
    const definition = await buildDefinition(filesOf(texts), overrides);
    const now = clock();
    await database.transaction('durable', async (trx) => {
      await repository.insertVersion(trx, {
        version: definition.version,
        texts,
        registrationSchema: definition.registrationSchema,
        now,
      });
      // Two processes starting on an empty database at once: the first one's import stands.
      if (await repository.insertFirstLive(trx, definition.version, now)) {
        await repository.insertPublication(trx, {
          version: definition.version,
          action: 'import',
          at: now,
          actorId: null,
          note: null,
          previousVersion: null,
        });
      }
      await onImport?.(trx, { texts, version: definition.version, now });
    });
  }
}
