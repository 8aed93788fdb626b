import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import type { DatabaseTarget } from '../config.js';
import { openDatabase } from '../db/database.js';
import { cliDatabaseTarget } from './database-target.js';

const USAGE = `Usage: npm run db -- migrate
       npm run db -- backup FILE

Reads DATABASE_URL (default sqlite:data/app.db; sqlite:PATH or postgres://user@host:5432/db).
  migrate  runs the migrations not yet run, then stops: a release step before the new servers start
           (with MIGRATE_AT_START=false they refuse a schema that is behind instead of migrating)
  backup   SQLite: copies the database to FILE with SQLite's online backup, safe while servers
           write to it; FILE must not exist yet. PostgreSQL: prints the pg_dump to run instead
`;

type Command = { name: 'migrate' } | { name: 'backup'; file: string };

function parseArguments(argv: string[]): Command | undefined {
  const [name, ...rest] = argv;
  if (name === 'migrate' && rest.length === 0) return { name };
  if (name === 'backup' && rest.length === 1 && rest[0] !== '') return { name, file: resolve(rest[0]) };
  return undefined;
}

async function migrate(target: DatabaseTarget): Promise<number> {
  const database = await openDatabase(target);
  try {
    const applied = database.appliedMigrations;
    process.stdout.write(
      applied.length === 0 ? 'The schema is up to date.\n' : `Ran ${applied.length}: ${applied.join(', ')}.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * SQLite's online backup (better-sqlite3's `backup()`) over a connection of its own. Its first step
 * copies every page inside one read transaction: in WAL mode the servers keep writing meanwhile,
 * and the copy is the database as it was at one moment. The copy is then checked.
 */
async function backup(path: string, file: string): Promise<number> {
  if (!existsSync(path)) {
    process.stderr.write(`There is no database at ${path}.\n`);
    return 1;
  }
  if (existsSync(file)) {
    process.stderr.write(`${file} already exists; give a new file name.\n`);
    return 1;
  }
  const source = new SQLite(path, { fileMustExist: true });
  source.pragma('busy_timeout = 5000');
  try {
    const { totalPages } = await source.backup(file);
    const copy = new SQLite(file, { readonly: true });
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy fails SQLite's quick_check: ${String(check)}`);
      const { count } = copy.prepare('select count(*) as count from registrations').get() as { count: number };
      process.stdout.write(`Backed up ${path} to ${file}: ${totalPages} pages, ${count} registrations, checked.\n`);
    } finally {
      copy.close();
    }
    return 0;
  } finally {
    source.close();
  }
}

function postgresBackupAdvice(url: string, file: string): string {
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  return `This database is PostgreSQL: back it up with pg_dump (PostgreSQL's client tools), which also
reads a consistent snapshot while the servers write, for example:

  pg_dump --format=custom --file='${file}' '${shown.toString()}'

and restore with pg_restore --dbname=… '${file}'. Nothing was written.
`;
}

async function main(argv: string[]): Promise<number> {
  const command = parseArguments(argv);
  if (!command) {
    process.stderr.write(USAGE);
    return 2;
  }
  const target = cliDatabaseTarget();
  if (!target) return 2;
  if (command.name === 'migrate') return migrate(target);
  if (target.kind === 'postgres') {
    process.stdout.write(postgresBackupAdvice(target.url, command.file));
    return 2;
  }
  if (target.path === ':memory:') {
    process.stderr.write('An in-memory database has nothing to back up.\n');
    return 2;
  }
  return backup(target.path, command.file);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
