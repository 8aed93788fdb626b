// `npm test`: every check the project has, in the order that fails fastest. Stops at the first
// failing stage and prints one summary line per stage.
import { spawnSync } from 'node:child_process';

type Command = [command: string, args: string[]];
const npm = (...args: string[]): Command => ['npm', args];
const stages: [name: string, command: Command][] = [
  ['definition check', npm('run', 'schemas:check')],
  ['typecheck', npm('run', 'typecheck')],
  ['formatting', npm('run', 'format:check')],
  ["lint, with the rooms' import rules and the 80-line function rule", npm('run', 'lint')],
  ['import graph: no cycle (dependency-cruiser)', npm('run', 'imports:check')],
  ['dead code: no unused file, export or dependency (knip)', npm('run', 'deadcode')],
  ['API document (Spectral, spectral:oas)', npm('run', 'openapi:lint')],
  ['unit, api and story tests', npm('run', 'test:unit')],
  ['static Storybook', npm('run', 'build-storybook')],
  ['a story for every widget and step', ['npx', ['tsx', 'tests/stories/check-static.ts']]],
  ['production build', npm('run', 'build')],
  ['end-to-end in Chromium', npm('run', 'test:e2e')],
  ['reliability against a real server', npm('run', 'test:reliability')],
  ['benchmark smoke run', npm('run', 'bench', '--', '--quick', '--no-build')],
];

const results: { name: string; ok: boolean; seconds: string }[] = [];
for (const [name, [command, args]] of stages) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: run.status === 0, seconds });
  if (run.status !== 0) break;
}
console.log('\nStages:');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
const passed = results.filter((result) => result.ok).length;
console.log(`stages: ${passed} passed, ${stages.length - passed} failed`);
process.exit(passed === stages.length ? 0 : 1);
