/**
 * `npm run definition -- export [VERSION|draft] DIR` writes a version (the live one by default) in
 * the schemas/ layout; `npm run definition -- import DIR [--publish --note "…"]` checks a folder
 * with the checker of npm run schemas:check, refuses it with that report when anything is wrong,
 * and otherwise makes it the draft (and publishes it with --publish). Servers running on the same
 * database serve a version published here within seconds (they poll the live pointer).
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { checkDefinition, problemLine } from '../definition-check/index.js';
import { isProgramFile, type DefinitionTexts } from '../../shared/definition/definition-files.js';
import { programFiles } from '../definition/definition-check.js';
import * as repository from '../definition/definition.repository.js';
import { DefinitionStore, filesOf } from '../definition/definition-store.js';
import { DefinitionPublishing, insertFirstDraft } from '../definition-publishing/definition-publishing.service.js';
import { listJsonFiles } from '../definition/definition.js';
import { ApiError } from '../errors.js';
import { fromRoot } from '../paths.js';
import { STORED_FLOOR } from '../registration/registration.columns.js';
import { cliDatabaseTarget } from './database-target.js';

const USAGE = `Usage: npm run definition -- export [VERSION|draft] DIR
       npm run definition -- import DIR [--publish --note "why"]

export writes a version (the live one unless VERSION names another, or "draft") into DIR in the
layout of schemas/, with the program's meta-schemas, so npm run schemas:check DIR checks it.
import checks DIR as npm run schemas:check does and, if it has no problem, makes it the draft;
with --publish (a --note is required) the draft is then published as the live version.
Reads DATABASE_URL (default sqlite:data/app.db) and SCHEMAS_DIR (the folder a new database starts from).
`;

type Command =
  { name: 'export'; version?: string; dir: string } | { name: 'import'; dir: string; publish: boolean; note?: string };

function parseArguments(argv: string[]): Command | undefined {
  const [name, ...rest] = argv;
  if (name === 'export' && rest.length >= 1 && rest.length <= 2 && rest.every((arg) => !arg.startsWith('-')))
    return rest.length === 2 ? { name, version: rest[0], dir: rest[1] } : { name, dir: rest[0] };
  if (name !== 'import' || rest.length === 0 || rest[0].startsWith('-')) return undefined;
  const [dir, ...options] = rest;
  let publish = false;
  let note: string | undefined;
  for (let index = 0; index < options.length; index += 1) {
    if (options[index] === '--publish') publish = true;
    else if (options[index] === '--note' && options[index + 1] !== undefined) note = options[(index += 1)];
    else if (options[index].startsWith('--note=')) note = options[index].slice('--note='.length);
    else return undefined;
  }
  if (publish !== (note !== undefined)) return undefined;
  return { name, dir, publish, note };
}

async function main(argv: string[]): Promise<number> {
  const command = parseArguments(argv);
  if (!command) {
    process.stderr.write(USAGE);
    return 2;
  }
  const target = cliDatabaseTarget();
  if (!target) return 2;
  if (command.name === 'import' && !isFolder(command.dir)) {
    process.stderr.write(`The folder ${command.dir} does not exist.\n`);
    return 2;
  }
  const database = await openDatabase(target);
  try {
    const store = await DefinitionStore.open({
      database,
      clock: Date.now,
      graceMs: 0,
      overrides: {},
      floor: STORED_FLOOR,
      schemasDir: resolve(process.env.SCHEMAS_DIR || fromRoot('schemas')),
      onImport: insertFirstDraft,
    });
    const publishing = new DefinitionPublishing({ store, database, clock: Date.now });
    return command.name === 'export'
      ? await exportVersion(database, { store, publishing }, command.dir, command.version)
      : await importFolder(publishing, command.dir, command.note);
  } finally {
    await database.close();
  }
}

async function exportVersion(
  database: DatabaseHandle,
  { store, publishing }: { store: DefinitionStore; publishing: DefinitionPublishing },
  dir: string,
  version = store.live().version,
): Promise<number> {
  const texts =
    version === 'draft'
      ? (await publishing.readDraft()).texts
      : await repository.readVersionTexts(database.db, version);
  if (!texts) {
    process.stderr.write(
      `No stored version is called ${version} (npm run definition -- export DIR writes the live one).\n`,
    );
    return 1;
  }
  const written = { ...texts, ...programFiles() };
  for (const [path, text] of Object.entries(written)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const others = listJsonFiles(dir).filter((path) => !Object.hasOwn(written, path));
  process.stdout.write(
    `Wrote version ${version} to ${dir} (${Object.keys(texts).length} files and the meta-schemas).\n`,
  );
  if (others.length > 0)
    process.stdout.write(
      `These files were already in ${dir} and are not part of it (left as they were): ${others.join(', ')}\n`,
    );
  return 0;
}

async function importFolder(publishing: DefinitionPublishing, dir: string, note: string | undefined): Promise<number> {
  const { texts: read } = readDefinitionFolderTexts(dir);
  const { problems } = checkDefinition({ ...read, ...programFiles() }, { floor: STORED_FLOOR });
  if (problems.length > 0) {
    for (const problem of problems) process.stderr.write(`${problemLine(problem, dir)}\n`);
    process.stderr.write(`${dir}: ${problems.length} problem(s); nothing was imported.\n`);
    return 1;
  }
  const draft = await publishing.readDraft();
  try {
    await publishing.saveDraft({ revision: draft.revision, files: filesOf(read), texts: read }, null);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'draft_stale') {
      process.stderr.write('Someone saved the draft at the same moment; nothing was imported. Run the import again.\n');
      return 1;
    }
    throw error;
  }
  if (note === undefined) {
    process.stdout.write(`Imported ${dir} as the draft; publish it from the console or with --publish --note "…".\n`);
    return 0;
  }
  try {
    const outcome = await publishing.publish(null, note);
    if (!('version' in outcome)) throw new Error('the draft has problems');
    process.stdout.write(`Published ${dir} as version ${outcome.version}.\n`);
    return 0;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'definition_unchanged') {
      process.stdout.write(`Imported ${dir} as the draft; it is the live version already, so nothing was published.\n`);
      return 0;
    }
    throw error;
  }
}

/** The definition's files of the folder as typed; its own meta-schemas, if any, give way to the program's. */
function readDefinitionFolderTexts(dir: string): { texts: DefinitionTexts } {
  const texts: DefinitionTexts = {};
  for (const path of listJsonFiles(dir)) if (!isProgramFile(path)) texts[path] = readFileSync(join(dir, path), 'utf8');
  return { texts };
}

function isFolder(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});
