import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../src/server/paths.js';
import { migrationProvider } from '../../src/server/db/migrations/index.js';
import { databaseTargets, registerOnce, testApp, type DatabaseTarget } from './helpers.js';

const folder = mkdtempSync(join(tmpdir(), 'db-cli-'));
const migrationNames = Object.keys(await migrationProvider('sqlite').getMigrations());

function dbCli(
  databaseUrl: string,
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', fromRoot('src/server/cli/db.ts'), ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl } },
      (_error, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
}

const targets = await databaseTargets(`sqlite:${join(folder, 'migrate.db')}`);

describe.each(targets)('npm run db -- migrate on $name', (target: DatabaseTarget) => {
  afterAll(() => target.drop());

  it('runs every migration once as its own step; a server told not to migrate refuses a schema behind, then starts', async () => {
    await expect(testApp({ DATABASE_URL: target.url, MIGRATE_AT_START: 'false' })).rejects.toThrow(
      /schema is behind this release: \d+ migration\(s\) not run .*npm run db -- migrate/,
    );
    const first = await dbCli(target.url, 'migrate');
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(`Ran ${migrationNames.length}: ${migrationNames.join(', ')}.\n`);
    const again = await dbCli(target.url, 'migrate');
    expect(again).toEqual({ status: 0, stdout: 'The schema is up to date.\n', stderr: '' });
    const app = await testApp({ DATABASE_URL: target.url, MIGRATE_AT_START: 'false' });
    try {
      expect(app.database.appliedMigrations).toEqual([]);
      expect((await registerOnce(app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('npm run db -- backup', () => {
  it('copies a SQLite database while a server writes to it: the copy is whole, checked, and one moment of it', async () => {
    const source = join(folder, 'live.db');
    const app = await testApp({ DATABASE_URL: `sqlite:${source}` });
    try {
      expect((await registerOnce(app)).statusCode).toBe(200);
      const template = await app.database.db.selectFrom('registrations').selectAll().executeTakeFirstOrThrow();
      let writing = true;
      let written = 0;
      const writer = (async () => {
        while (writing) {
          const { id: _id, ...row } = template;
          await app.database.transaction('durable', (trx) =>
            trx
              .insertInto('registrations')
              .values({ ...row, tracking_code: `B${String(written).padStart(7, '0')}` })
              .execute(),
          );
          written += 1;
          // better-sqlite3 answers at once: without a turn of the event loop, nothing else would run.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      // Let some writes land first, so the copy is taken in the middle of them.
      while (written < 50) await new Promise((resolve) => setTimeout(resolve, 5));
      const copy = join(folder, 'copy.db');
      const backup = await dbCli(`sqlite:${source}`, 'backup', copy);
      const duringBackup = written;
      while (written < duringBackup + 20) await new Promise((resolve) => setTimeout(resolve, 5));
      writing = false;
      await writer;
      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);
      expect(backup.stdout).toMatch(/^Backed up .*live\.db to .*copy\.db: \d+ pages, \d+ registrations, checked\.\n$/);

      const copied = new SQLite(copy, { readonly: true });
      try {
        expect(copied.pragma('integrity_check', { simple: true })).toBe('ok');
        const codes = (
          copied.prepare('select tracking_code from registrations order by id').all() as Array<{
            tracking_code: string;
          }>
        ).map((row) => row.tracking_code);
        // One moment: the first registration and an unbroken run of the writer's rows, no gap.
        expect(codes.length).toBeGreaterThan(50);
        expect(codes.length).toBeLessThan(1 + written);
        expect(codes.slice(1)).toEqual(codes.slice(1).map((_, index) => `B${String(index).padStart(7, '0')}`));
        const reported = /, (\d+) registrations,/.exec(backup.stdout)?.[1];
        expect(Number(reported)).toBe(codes.length);
      } finally {
        copied.close();
      }
      // The copy is a database the server opens as it is.
      const restored = await testApp({ DATABASE_URL: `sqlite:${copy}`, MIGRATE_AT_START: 'false' });
      await restored.close();

      const refused = await dbCli(`sqlite:${source}`, 'backup', copy);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/already exists/);
    } finally {
      await app.close();
    }
  });

  it('on PostgreSQL says to run pg_dump instead, without the password, and writes nothing', async () => {
    const answer = await dbCli('postgres://app:secret@db.example:5432/pharmacy', 'backup', join(folder, 'pg.dump'));
    expect(answer.status).toBe(2);
    expect(answer.stdout).toContain("pg_dump --format=custom --file='");
    expect(answer.stdout).toContain('postgres://app:***@db.example:5432/pharmacy');
    expect(answer.stdout).not.toContain('secret');
  });

  it('without a command or file: the usage, and a non-zero exit', async () => {
    const answer = await dbCli('sqlite:data/app.db', 'backup');
    expect(answer.status).toBe(2);
    expect(answer.stderr).toMatch(/^Usage: npm run db -- migrate/);
  });
});
