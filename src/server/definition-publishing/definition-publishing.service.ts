import { isDeepStrictEqual } from 'node:util';
import type { Transaction } from 'kysely';
import type { DefinitionProblem } from '../../shared/contracts/definition.schemas.js';
import {
  fileText,
  isDefinitionPath,
  type DefinitionFiles,
  type DefinitionTexts,
} from '../../shared/definition/definition-files.js';
import { nestsTooDeep } from '../definition-check/limits.js';
import { fa } from '../../shared/text/strings.fa.js';
import { fill } from '../../shared/text/persian.js';
import { appendAudit } from '../audit/audit.repository.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/tables.js';
import { DefinitionError, type Definition } from '../definition/definition.js';
import * as versions from '../definition/definition.repository.js';
import type { DefinitionStore, SwitchRecord } from '../definition/definition-store.js';
import type { PublicationAction } from '../definition/definition.table.js';
import { ApiError } from '../errors.js';
import * as drafts from './draft.repository.js';

/**
 * Most files a definition may have, and the longest text of one (a whole definition is ~20 KB
 * today). Depth, node count and text length inside a file are DEFINITION_LIMITS (the checker's).
 */
export const MAX_FILES = 100;
export const MAX_FILE_CHARS = 256 * 1024;

/** The draft as the preview needs it: its definition when the checker finds no problem. */
export interface DraftDefinition {
  revision: number;
  definition?: Definition;
  problems: DefinitionProblem[];
}

export interface DefinitionPublishingDeps {
  store: DefinitionStore;
  database: DatabaseHandle;
  clock: () => number;
}

/** The first draft is a copy of the shipped folder (the store's onImport, in its transaction). */
export async function insertFirstDraft(
  trx: Transaction<Database>,
  imported: { texts: DefinitionTexts; version: string; now: number },
): Promise<void> {
  await drafts.insertFirstDraft(trx, imported.texts, imported.version, imported.now);
}

/**
 * The one draft (compare-and-set on its revision), checked; publishing it, or rolling back to an
 * earlier version, switches the store's live version and records who did it and why.
 */
export class DefinitionPublishing {
  private checkedDraft: { revision: number; texts: DefinitionTexts; problems: DefinitionProblem[] } | undefined;

  constructor(private readonly deps: DefinitionPublishingDeps) {}

  async draftDefinition(): Promise<DraftDefinition> {
    const draft = await this.readDraft();
    if (draft.problems.length > 0) return { revision: draft.revision, problems: draft.problems };
    const built = await this.deps.store.build(draft.texts);
    if ('problems' in built) return { revision: draft.revision, problems: built.problems };
    return { revision: draft.revision, definition: built.definition, problems: [] };
  }

  /**
   * The draft with the problems found when it was saved: reading it never runs the checker,
   * except once for a draft saved before problems were kept.
   */
  async readDraft(): Promise<{
    revision: number;
    texts: DefinitionTexts;
    baseVersion: string;
    problems: DefinitionProblem[];
  }> {
    const draft = await drafts.readDraft(this.deps.database.db);
    if (!draft) throw new DefinitionError('The database has no draft of the form.');
    if (draft.problems) return { ...draft, problems: draft.problems };
    const problems = await this.problemsOf(draft.revision, draft.texts);
    await drafts.recordProblems(this.deps.database.db, draft.revision, problems);
    return { ...draft, problems };
  }

  /** Saves the draft if it is still at `revision`; 409 when someone saved it since. */
  async saveDraft(
    save: { revision: number; files: DefinitionFiles; texts?: DefinitionTexts },
    /** null: from the command line (npm run definition -- import). */
    actorId: number | null,
  ): Promise<{ revision: number; problems: DefinitionProblem[] }> {
    const texts = draftTexts(save.files, save.texts);
    // A save that has already lost costs no check: checks run one at a time, and a crowd of stale
    // saves would hold back the editor whose save stands. The compare-and-set below still decides.
    const current = await drafts.readRevision(this.deps.database.db);
    if (current !== save.revision) throw new ApiError(409, 'draft_stale');
    const problems = await this.deps.store.check(texts);
    const revision = await drafts.saveDraft(this.deps.database.db, {
      revision: save.revision,
      texts,
      problems,
      now: this.deps.clock(),
      actorId,
    });
    if (revision === undefined) throw new ApiError(409, 'draft_stale');
    this.checkedDraft = { revision, texts, problems };
    return { revision, problems };
  }

  /** The draft becomes the live version: refused while the checker reports a problem. */
  async publish(
    actorId: number | null,
    note: string,
  ): Promise<{ version: string } | { problems: DefinitionProblem[] }> {
    const draft = await this.readDraft();
    // Checked again: the problems kept with the draft are as of its save, and the rules may be newer.
    const problems = await this.problemsOf(draft.revision, draft.texts);
    if (problems.length > 0) return { problems };
    const built = await this.deps.store.build(draft.texts);
    if ('problems' in built) return built;
    const { definition } = built;
    await this.deps.store.switchLive(definition, draft.texts, recorded('publish', definition.version, actorId, note));
    return { version: definition.version };
  }

  /** An earlier version is published again. */
  async rollback(actorId: number, version: string, note: string): Promise<{ version: string }> {
    const { store, database } = this.deps;
    const texts = await versions.readVersionTexts(database.db, version);
    if (!texts) throw new ApiError(404, 'version_unknown');
    if (version === store.live().version) throw new ApiError(409, 'definition_unchanged');
    await store.switchLive(await store.checked(version), texts, recorded('rollback', version, actorId, note));
    return { version };
  }

  /** The checker's problems, checked once per revision in this process. */
  private async problemsOf(revision: number, texts: DefinitionTexts): Promise<DefinitionProblem[]> {
    const known = this.checkedDraft;
    if (known && known.revision === revision && isDeepStrictEqual(known.texts, texts)) return known.problems;
    const problems = await this.deps.store.check(texts);
    this.checkedDraft = { revision, texts, problems };
    return problems;
  }
}

/** The publication and the audit entry of a switch; a published draft is then based on its version. */
function recorded(
  action: Exclude<PublicationAction, 'import'>,
  version: string,
  actorId: number | null,
  note: string,
): SwitchRecord {
  return async (trx, { from, now }) => {
    const record = { version, previousVersion: from.version, note };
    await versions.insertPublication(trx, { ...record, action, at: now, actorId });
    await appendAudit(trx, { at: now, actorId, action: `definition_${action}`, detail: record });
    if (action === 'publish') await drafts.rebaseDraft(trx, version);
  };
}

/**
 * The texts a save keeps: each file's text as typed when given (it must say what `files` says),
 * else its value written as two-space JSON. Paths and sizes are checked here; a bad one changes
 * nothing.
 */
export function draftTexts(files: DefinitionFiles, typed: DefinitionTexts = {}): DefinitionTexts {
  const paths = [...new Set([...Object.keys(files), ...Object.keys(typed)])];
  if (paths.length > MAX_FILES) throw new ApiError(400, 'draft_invalid');
  const texts: DefinitionTexts = {};
  for (const path of paths) {
    if (!isDefinitionPath(path))
      throw new ApiError(400, 'draft_path', undefined, undefined, fill(fa.errors.draft_path, { path }));
    // Writing a value out and comparing it both recurse into it, so a value nested beyond the limits
    // is neither: with its text as typed, the text is kept and the checker reports the depth.
    const deep = Object.hasOwn(files, path) && nestsTooDeep(files[path]);
    if (deep && !Object.hasOwn(typed, path)) throw tooLarge(path);
    const text = Object.hasOwn(typed, path) ? typed[path] : fileText(files[path]);
    if (text.length > MAX_FILE_CHARS) throw tooLarge(path);
    if (!deep && Object.hasOwn(typed, path) && Object.hasOwn(files, path) && !sameValue(text, files[path]))
      throw new ApiError(400, 'draft_invalid');
    texts[path] = text;
  }
  return texts;
}

function tooLarge(path: string): ApiError {
  return new ApiError(400, 'draft_too_large', undefined, undefined, fill(fa.errors.draft_too_large, { path }));
}

function sameValue(text: string, value: unknown): boolean {
  try {
    return isDeepStrictEqual(JSON.parse(text), value);
  } catch {
    // The text is not JSON (yet): what was typed is kept; the file's value cannot say otherwise.
    return value === undefined || value === null;
  }
}
