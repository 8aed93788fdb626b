import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../src/server/staff/export.js';
import { fromRoot } from '../../src/server/paths.js';
import { registerOnce, testApp } from './helpers.js';
import { validAnswers } from '../fixtures/registration.js';

const databaseUrl = `sqlite:${join(mkdtempSync(join(tmpdir(), 'export-')), 'app.db')}`;
const codes: string[] = [];

function exportCli(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', fromRoot('src/server/cli/registrations.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
}

function exportCliAsync(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', fromRoot('src/server/cli/registrations.ts'), ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl } },
      (_error, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  const app = await testApp({ DATABASE_URL: databaseUrl });
  try {
    for (const name of ['داروخانه رازی', 'داروخانه "سینا", شعبه ۲', '=HYPERLINK("http://x")']) {
      const response = await registerOnce(app, {
        name,
        adminData: { firstName: 'علی', lastName: 'رضایی', nationalCode: '۰۰۸۴۵۷۵۹۴۸', mobileNumber: '۰۹۱۲ ۳۴۵ ۶۷۸۹' },
      });
      codes.push(response.json<{ trackingCode: string }>().trackingCode);
    }
  } finally {
    await app.close();
  }
});

describe('npm run registrations -- export', () => {
  it('CSV: BOM, a header, one quoted line per registration, ASCII digits', () => {
    const run = exportCli('export', '--format', 'csv');
    expect(run.status).toBe(0);
    expect(run.stdout.startsWith('\uFEFFid,tracking_code,status,created_at,')).toBe(true);
    const lines = run.stdout.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    for (const code of codes) expect(run.stdout).toContain(`,${code},new,`);
    expect(run.stdout).toContain('"داروخانه ""سینا"", شعبه ۲"');
    expect(run.stdout).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(run.stdout).toContain(',0084575948,09123456789,');
  }, 60_000);

  it('JSON: an array with each registration and its whole form', () => {
    const run = exportCli('export', '--format=json');
    expect(run.status).toBe(0);
    const rows = JSON.parse(run.stdout) as Array<{
      tracking_code: string;
      has_davajoo: boolean;
      payload: { adminData: { nationalCode: string } };
    }>;
    expect(rows.map((row) => row.tracking_code)).toEqual(codes);
    expect(rows[0].payload.adminData.nationalCode).toBe('0084575948');
    expect(rows[0].has_davajoo).toBe(validAnswers['pharmacy-info'].hasDavajoo);
  }, 60_000);

  it('bad arguments: usage on stderr, non-zero exit', async () => {
    const cases = [['export'], ['export', '--format', 'xml']];
    const runs = await Promise.all(cases.map((args) => exportCliAsync(...args)));
    for (const run of runs) {
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain('Usage: npm run registrations -- export --format csv|json');
      expect(run.stdout).toBe('');
    }
  }, 60_000);

  it('quotes cells the CSV way', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell(35.7)).toBe('35.7');
    expect(csvCell(null)).toBe('');
  });
});
