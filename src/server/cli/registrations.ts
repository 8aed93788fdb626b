import { once } from 'node:events';
import { openDatabase } from '../db/database.js';
import { exportRegistrations } from '../staff/export.js';
import { cliDatabaseTarget } from './database-target.js';

const USAGE = `Usage: npm run registrations -- export --format csv|json

Writes every registration to standard output, reading DATABASE_URL
(default sqlite:data/app.db; sqlite:PATH or postgres://user@host:5432/db).
  csv   one column per key field, then one per extra form field; UTF-8 with a BOM for Excel
  json  an array of registrations, each with its whole form as "payload"
`;

async function main(argv: string[]): Promise<number> {
  const format = parseArguments(argv);
  if (!format) {
    process.stderr.write(USAGE);
    return 2;
  }
  const target = cliDatabaseTarget();
  if (!target) return 2;
  const database = await openDatabase(target);
  try {
    for await (const chunk of exportRegistrations(database.db, format)) await write(chunk);
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
