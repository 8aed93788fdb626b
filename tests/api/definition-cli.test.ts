import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLive } from '../../src/server/definition/definition.repository.js';
import { readDraft } from '../../src/server/definition-publishing/draft.repository.js';
import { fromRoot } from '../../src/server/paths.js';
import { databaseTargets, testApp, type DatabaseTarget } from './helpers.js';

const targets = await databaseTargets(`sqlite:${join(mkdtempSync(join(tmpdir(), 'definition-cli-')), 'app.db')}`);

function definitionCli(databaseUrl: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', fromRoot('src/server/cli/definition.ts'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 60_000,
  });
}

function schemasCheck(dir: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', fromRoot('scripts/schemas-check.ts'), dir], {
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** Every file under a folder, relative path -> bytes as text. */
function folderContents(dir: string): Record<string, string> {
  const contents: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    contents[path.slice(dir.length + 1)] = readFileSync(path, 'utf8');
  }
  return contents;
}

describe.each(targets)('npm run definition on $name', (target: DatabaseTarget) => {
  let app: FastifyInstance;
  let firstVersion: string;
  const work = mkdtempSync(join(tmpdir(), 'definition-files-'));

  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url, DEFINITION_POLL_MS: '100' });
    firstVersion = app.definitions.live().version;
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('exports the live version in the layout of schemas/, byte for byte', () => {
    const out = join(work, 'exported');
    const run = definitionCli(target.url, 'export', out);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(folderContents(out)).toEqual(folderContents(fromRoot('schemas')));
    expect(schemasCheck(out).status).toBe(0);
  });

  it('refuses a wrong folder with the report of npm run schemas:check, and imports nothing', async () => {
    const wrong = join(work, 'wrong');
    cpSync(fromRoot('schemas'), wrong, { recursive: true });
    const file = join(wrong, 'steps/pharmacy-info.schema.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"minLength": 2,', '"minLength": "دو",'));
    const draftBefore = await readDraft(app.database.db);

    const run = definitionCli(target.url, 'import', wrong, '--publish', '--note', 'نادرست');
    expect(run.status).toBe(1);
    const report = schemasCheck(wrong).stdout.trim().split('\n').slice(0, -1);
    expect(report.length).toBeGreaterThan(0);
    expect(run.stderr.trim().split('\n').slice(0, -1)).toEqual(report);
    expect(run.stderr).toMatch(/nothing was imported/);
    expect(await readDraft(app.database.db)).toEqual(draftBefore);
    expect((await readLive(app.database.db))?.version).toBe(firstVersion);
  });

  it('imports a folder as the draft, publishes it with a note, and a running server serves it without a restart', async () => {
    const edited = join(work, 'edited');
    cpSync(fromRoot('schemas'), edited, { recursive: true });
    const wizard = join(edited, 'wizard.json');
    writeFileSync(wizard, readFileSync(wizard, 'utf8').replace('"پیش‌ثبت‌نام داروخانه"', '"پیش‌ثبت‌نام داروخانه‌ها"'));

    const draftOnly = definitionCli(target.url, 'import', edited);
    expect(draftOnly.status).toBe(0);
    expect((await readDraft(app.database.db))?.texts['wizard.json']).toBe(readFileSync(wizard, 'utf8'));
    expect((await readLive(app.database.db))?.version).toBe(firstVersion);

    const noNote = definitionCli(target.url, 'import', edited, '--publish');
    expect(noNote.status).toBe(2);

    const published = definitionCli(target.url, 'import', edited, '--publish', '--note', 'عنوان جمع');
    expect(published.stderr).toBe('');
    expect(published.status).toBe(0);
    const version = /as version ([0-9a-f]{12})/.exec(published.stdout)?.[1];
    expect(version).toBeDefined();
    expect(version).not.toBe(firstVersion);
    await expect.poll(() => app.definitions.live().version, { timeout: 5000 }).toBe(version);
    expect(app.definitions.live().wizard.definition.title).toBe('پیش‌ثبت‌نام داروخانه‌ها');

    // The earlier version is still stored whole: exported again, it is the shipped folder.
    const earlier = join(work, 'earlier');
    expect(definitionCli(target.url, 'export', firstVersion, earlier).status).toBe(0);
    expect(folderContents(earlier)).toEqual(folderContents(fromRoot('schemas')));
    expect(definitionCli(target.url, 'export', 'abcdefabcdef', join(work, 'none')).status).toBe(1);
  }, 180_000); // three processes of the CLI and a server: a busy machine has taken 33 s, a slower one 71 s
});
