import { once } from 'node:events';
import { parseDatabaseUrl } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { listRegistrations } from '../registration/registration.repository.js';
import type { RegistrationRow } from '../registration/registration.table.js';
import { KEY_COLUMNS, csvLine, extraFields, jsonRecord, parsePayload } from './export-format.js';

const USAGE = `Usage: npm run registrations -- export --format csv|json

Writes every registration to standard output, reading DATABASE_URL
(default sqlite:data/app.db; sqlite:PATH or postgres://user@host:5432/db).
  csv   one column per key field, then one per extra form field; UTF-8 with a BOM for Excel
  json  an array of registrations, each with its whole form as "payload"
`;

const PAGE = 1000;

async function main(argv: string[]): Promise<number> {
  const format = parseArguments(argv);
  if (!format) {
    process.stderr.write(USAGE);
    return 2;
  }
  const url = process.env.DATABASE_URL || 'sqlite:data/app.db';
  if (!/^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(url)) {
    process.stderr.write(`DATABASE_URL must be sqlite:PATH or postgres://… (it is "${url}").\n`);
    return 2;
  }
  const database = await openDatabase(parseDatabaseUrl(url));
  try {
    if (format === 'csv') await writeCsv(database);
    else await writeJson(database);
  } finally {
    await database.close();
  }
  return 0;
}

function parseArguments(argv: string[]): 'csv' | 'json' | undefined {
  const [command, ...rest] = argv;
  if (command !== 'export') return undefined;
  const joined = rest.join('=').replace(/^--format=/, '');
  return rest.length > 0 && (joined === 'csv' || joined === 'json') ? joined : undefined;
}

async function* pages(database: DatabaseHandle): AsyncGenerator<RegistrationRow[]> {
  let after = 0;
  for (;;) {
    const rows = await listRegistrations(database.db, after, PAGE);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

async function writeCsv(database: DatabaseHandle): Promise<void> {
  // First pass: which extra fields exist, so the header names them all.
  const extras = new Set<string>();
  for await (const rows of pages(database)) {
    for (const row of rows) for (const path of extraFields(parsePayload(row)).keys()) extras.add(path);
  }
  const extraColumns = [...extras];
  await write(`\uFEFF${csvLine([...KEY_COLUMNS, ...extraColumns])}`);
  for await (const rows of pages(database)) {
    let chunk = '';
    for (const row of rows) {
      const extra = extraFields(parsePayload(row));
      chunk += csvLine([...KEY_COLUMNS.map((column) => row[column]), ...extraColumns.map((path) => extra.get(path))]);
    }
    await write(chunk);
  }
}

async function writeJson(database: DatabaseHandle): Promise<void> {
  let first = true;
  await write('[');
  for await (const rows of pages(database)) {
    const text = rows.map((row) => JSON.stringify(jsonRecord(row), null, 2)).join(',\n');
    await write(`${first ? '\n' : ',\n'}${text}`);
    first = false;
  }
  await write(first ? ']\n' : '\n]\n');
}

async function write(chunk: string): Promise<void> {
  if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`Export failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
