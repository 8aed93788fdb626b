// `npm test`: every check the project has, in the order that fails fastest. Stops at the first
// failing stage and prints one summary line per stage.
import { spawnSync } from 'node:child_process';

const stages = [
  ['definition check', ['run', 'schemas:check']],
  ['typecheck', ['run', 'typecheck']],
  ['unit, api and story tests', ['run', 'test:unit']],
];

const results = [];
for (const [name, args] of stages) {
  console.log(`\n▶ ${name}: npm ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync('npm', args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: run.status === 0, seconds });
  if (run.status !== 0) break;
}
console.log('\nStages:');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
const failed = results.filter((result) => !result.ok).length + (stages.length - results.length);
console.log(`stages: ${results.length - results.filter((r) => !r.ok).length} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
