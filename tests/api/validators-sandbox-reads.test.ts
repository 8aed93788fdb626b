/**
 * What the validators' generator may read: its own code and the packages it loads, found at their
 * real paths wherever node_modules lives, and never data/ (the anti-forgery secret, the SQLite
 * file). Checked against Node's own permission model, with the flags the sandbox spawns with.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionVersionOf, readDefinitionFolder } from '../../src/server/definition/definition.js';
import type * as SandboxExports from '../../src/server/definition/sandbox/validators-sandbox.js';
import { fromRoot } from '../../src/server/paths.js';

type SandboxModule = typeof SandboxExports;

/**
 * A copy of the project whose node_modules is a symlink to a folder outside it (this checkout's),
 * with a data/ folder holding a secret and a database file.
 */
let project: string;
let sandbox: SandboxModule;
const secretFile = () => join(project, 'data', 'csrf-secret');
const databaseFile = () => join(project, 'data', 'app.db');

beforeAll(async () => {
  project = realpathSync(mkdtempSync(join(tmpdir(), 'sandbox-reads-')));
  cpSync(fromRoot('src'), join(project, 'src'), { recursive: true });
  cpSync(fromRoot('package.json'), join(project, 'package.json'));
  symlinkSync(realpathSync(fromRoot('node_modules')), join(project, 'node_modules'), 'dir');
  mkdirSync(join(project, 'data'));
  writeFileSync(secretFile(), 'a secret the generator must never see');
  writeFileSync(databaseFile(), 'SQLite format 3');
  sandbox = (await import(join(project, 'src/server/definition/sandbox/validators-sandbox.ts'))) as SandboxModule;
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** Runs `code` in a Node started with the sandbox's own permission flags; its stdout. */
function underTheSandboxFlags(code: string): string {
  const result = spawnSync(process.execPath, [...sandbox.permissionFlags(), '-e', code], {
    cwd: project,
    encoding: 'utf8',
  });
  return result.stdout.trim();
}

describe("the validators' generator reads only its code and packages", () => {
  it('generates the shipped definition when node_modules is a symlink to a folder outside the project', async () => {
    const { files } = readDefinitionFolder(fromRoot('schemas'));
    const generated = await sandbox.generateValidators(`symlinked-${definitionVersionOf(files)}`, files);
    expect(generated.server).toContain('export');
    expect(generated.browser).toContain('runtimeModules');
  }, 60_000);

  it('cannot read the secret or the database file in data/, nor the project folder as a whole', () => {
    const has = (path: string) => `process.permission.has('fs.read', ${JSON.stringify(path)})`;
    const answers = underTheSandboxFlags(
      `console.log(JSON.stringify([${has(secretFile())}, ${has(databaseFile())}, ${has(join(project, 'data'))}, ${has(project)}, ${has(join(project, '.env'))}]))`,
    );
    expect(JSON.parse(answers)).toEqual([false, false, false, false, false]);
    const read = underTheSandboxFlags(
      `try { require('node:fs').readFileSync(${JSON.stringify(secretFile())}); console.log('read') } catch (error) { console.log(error.code) }`,
    );
    expect(read).toBe('ERR_ACCESS_DENIED');
  });

  it('lists the packages it loads at their real paths, outside the project, and data/ nowhere', () => {
    const flags = sandbox.permissionFlags();
    const outside = realpathSync(fromRoot('node_modules'));
    for (const name of ['ajv', '@rjsf/utils', '@rjsf/validator-ajv8', 'fast-uri'])
      expect(flags).toContain(`--allow-fs-read=${join(outside, name)}`);
    expect(flags.some((flag) => flag.includes('/data'))).toBe(false);
    expect(flags).not.toContain(`--allow-fs-read=${project}`);
    const canRead = underTheSandboxFlags(
      `console.log(process.permission.has('fs.read', ${JSON.stringify(join(outside, 'ajv', 'package.json'))}))`,
    );
    expect(canRead).toBe('true');
  });
});
