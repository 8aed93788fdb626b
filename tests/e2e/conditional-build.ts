/**
 * The wizard built from a COPY of the definitions with issue 10's worked examples (a conditional
 * field and a conditional step: tests/fixtures/conditional-definition.ts), so the shipped wizard
 * stays the spec's five steps. The browser bundle embeds its definition and validators, so the
 * copy is built on its own: the project's sources and config in a temporary folder whose schemas/
 * is the edited copy (node_modules linked), `vite build` there.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conditionalDefinition } from '../fixtures/conditional-definition.js';
import { projectRoot } from './server.js';

export interface ConditionalBuild {
  schemasDir: string;
  clientDir: string;
}

export function buildConditionalClient(): ConditionalBuild {
  const root = mkdtempSync(join(tmpdir(), 'pharmacy-conditional-build-'));
  for (const entry of [
    'src',
    'widgets',
    'public',
    'index.html',
    'staff.html',
    'vite.config.ts',
    'package.json',
    'tsconfig.json',
  ]) {
    cpSync(join(projectRoot, entry), join(root, entry), { recursive: true });
  }
  symlinkSync(join(projectRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  const schemasDir = conditionalDefinition(join(root, 'schemas'));
  const build = spawnSync(
    process.execPath,
    [join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (build.status !== 0)
    throw new Error(`e2e: building the conditional definition failed:\n${build.stdout}\n${build.stderr}`);
  return { schemasDir, clientDir: join(root, 'dist', 'client') };
}
