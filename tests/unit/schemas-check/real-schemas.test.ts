// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSchemas } from '../../../scripts/schemas-check/index.js';
import { copySchemas, problemsIn, realSchemas, removeCopies } from './helpers.js';

afterAll(removeCopies);

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('npx', ['tsx', 'scripts/schemas-check.ts', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the real schemas/', () => {
  it('has no problems', () => {
    const result = checkSchemas(realSchemas);
    expect(result.files).toContain('wizard.json');
    expect(result.files.length).toBeGreaterThanOrEqual(11);
    expect(problemsIn(realSchemas)).toEqual([]);
  });
});

describe('the command line', () => {
  it('prints a one-line summary and exits 0 on a clean folder', () => {
    const dir = copySchemas();
    const run = cli(dir);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^.+: 11 files checked, no problems$/);
  }, 60_000);

  it('prints file:line, pointer, what is wrong and the fix, and exits 1 on a problem; --json gives the same list', () => {
    const dir = copySchemas();
    const uiFile = join(dir, 'steps/pharmacy-info.ui.json');
    writeFileSync(uiFile, readFileSync(uiFile, 'utf8').replace('"name":', '"nmae":')); // a typo, in place
    const run = cli(dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      `${dir}/steps/pharmacy-info.ui.json:3  /nmae  uiSchema key "nmae" names no property of steps/pharmacy-info.schema.json. Did you mean "name"? Rename the key or add the property.`,
    );
    expect(run.stdout.trim().split('\n').at(-1)).toBe(`${dir}: 11 files checked, 1 problem`);

    const json = cli(dir, '--json');
    expect(json.status).toBe(1);
    const parsed = JSON.parse(json.stdout) as {
      filesChecked: number;
      ok: boolean;
      problems: Array<{ file: string; pointer: string }>;
    };
    expect(parsed).toMatchObject({
      filesChecked: 11,
      ok: false,
      problems: [{ file: 'steps/pharmacy-info.ui.json', pointer: '/nmae', line: 3 }],
    });
  }, 60_000);

  it('exits 2 with a plain sentence when the folder does not exist', () => {
    const run = cli('no-such-folder');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('the folder no-such-folder does not exist');
  }, 60_000);
});
