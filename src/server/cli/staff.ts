import { text } from 'node:stream/consumers';
import { openDatabase } from '../db/database.js';
import { changeStaffPassword, createStaffAccount, disableStaffAccount } from '../staff/staff.service.js';
import { listStaff } from '../staff/staff.repository.js';
import { STAFF_ROLES, type StaffRole } from '../staff/staff.table.js';
import { cliDatabaseTarget } from './database-target.js';

const USAGE = `Usage: npm run staff -- add EMAIL --role agent|editor|admin
       npm run staff -- passwd EMAIL
       npm run staff -- disable EMAIL
       npm run staff -- list

add and passwd read the password from standard input (first line), never from the command line:
  printf '%s\\n' "$PASSWORD" | npm run staff -- add agent@example.ir --role agent
Reads DATABASE_URL (default sqlite:data/app.db).
`;

type Command =
  { name: 'add'; email: string; role: StaffRole } | { name: 'passwd' | 'disable'; email: string } | { name: 'list' };

function parseArguments(argv: string[]): Command | undefined {
  const [name, email, ...rest] = argv;
  const emailIsValid = email !== undefined && /^[^\s@]+@[^\s@]+$/.test(email);
  if (name === 'list' && argv.length === 1) return { name };
  if ((name === 'passwd' || name === 'disable') && emailIsValid && rest.length === 0) return { name, email };
  if (name !== 'add' || !emailIsValid) return undefined;
  const role = rest.join('=').replace(/^--role=/, '');
  return STAFF_ROLES.includes(role as StaffRole) ? { name, email, role: role as StaffRole } : undefined;
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (input is shown; pipe it in to keep it off the screen): ');
  const input = await text(process.stdin);
  return input.split(/\r?\n/)[0];
}

async function main(argv: string[]): Promise<number> {
  const command = parseArguments(argv);
  if (!command) {
    process.stderr.write(USAGE);
    return 2;
  }
  const password = command.name === 'add' || command.name === 'passwd' ? await readPassword() : '';
  const target = cliDatabaseTarget();
  if (!target) return 2;
  const database = await openDatabase(target);
  try {
    switch (command.name) {
      case 'add':
        await createStaffAccount(database.db, command.email, command.role, password, Date.now());
        process.stdout.write(`Added ${command.email} (${command.role}).\n`);
        return 0;
      case 'passwd':
        if (await changeStaffPassword(database.db, command.email, password)) {
          process.stdout.write(`Changed the password of ${command.email}; its sessions are signed out.\n`);
          return 0;
        }
        break;
      case 'disable':
        if (await disableStaffAccount(database.db, command.email)) {
          process.stdout.write(`Disabled ${command.email}; its sessions are signed out.\n`);
          return 0;
        }
        break;
      case 'list':
        for (const account of await listStaff(database.db)) {
          process.stdout.write(`${account.email}\t${account.role}\t${account.disabled ? 'disabled' : 'active'}\n`);
        }
        return 0;
    }
    process.stderr.write(`No staff account has the e-mail ${command.email}.\n`);
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      /unique|UNIQUE/.test(message) ? 'An account with that e-mail already exists.\n' : `${message}\n`,
    );
    process.exitCode = 1;
  },
);
