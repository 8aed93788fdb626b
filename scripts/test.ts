// `npm test`: every check the project has, in groups, in the order that fails fastest. The stages
// of a group are independent and run side by side (two cores: the quick static checks together; the
// long unit/API run beside the two builds, which then serve every later stage); each stage's output
// is held back and printed whole when it ends, so lines of two stages never mix. Stops after the
// first group with a failing stage, and prints one summary line per stage and per group.
import { spawn } from 'node:child_process';

type Command = [command: string, args: string[]];
interface Stage {
  name: string;
  /** Run one after another within the stage (a build and the check that reads its output). */
  commands: Command[];
}
interface Group {
  name: string;
  stages: Stage[];
}

const npm = (...args: string[]): Command => ['npm', args];
const stage = (name: string, ...commands: Command[]): Stage => ({ name, commands });

const groups: Group[] = [
  {
    name: 'static checks',
    stages: [
      stage('definition check', npm('run', 'schemas:check')),
      stage('typecheck', npm('run', 'typecheck')),
      stage('formatting', npm('run', 'format:check')),
      stage("lint, with the rooms' import rules and the 80-line function rule", npm('run', 'lint')),
      stage('import graph: no cycle (dependency-cruiser)', npm('run', 'imports:check')),
      stage('dead code: no unused file, export or dependency (knip)', npm('run', 'deadcode')),
      stage('API document (Spectral, spectral:oas)', npm('run', 'openapi:lint')),
      stage('alert rules (promtool check and unit tests)', npm('run', 'alerts:check')),
    ],
  },
  {
    // The unit run (two files at a time) beside the two builds; once the production build is done,
    // the reliability files that mostly wait (lock delays, leases, scrapes) fill what the cores leave.
    name: 'tests in Node, and the builds',
    stages: [
      stage('unit, api and story tests', npm('run', 'test:unit')),
      stage(
        'production build (dist/, used by every stage below), then the reliability files that mostly wait',
        npm('run', 'build'),
        npm('run', 'test:reliability', '--', '--project', 'reliability:waiting'),
      ),
      stage('static Storybook, and a story for every widget and step', npm('run', 'build-storybook'), [
        'npx',
        ['tsx', 'tests/stories/check-static.ts'],
      ]),
    ],
  },
  // The browser stages start servers and browsers of their own.
  { name: 'end-to-end in Chromium', stages: [stage('end-to-end in Chromium', npm('run', 'test:e2e'))] },
  {
    // The benchmark's smoke run proves every section still measures; its quick figures are too small
    // to quote and it fails only on a broken measurement, so it can share the machine. The stories'
    // checks (axe-core, screenshots) do not depend on time.
    name: 'stories in Chromium, and the benchmark smoke run',
    stages: [
      stage('stories at phone and desktop: axe-core and screenshots', npm('run', 'test:stories-visual')),
      stage('benchmark smoke run', npm('run', 'bench', '--', '--quick', '--no-build')),
    ],
  },
  {
    name: 'the wizard in Firefox and WebKit',
    stages: [stage('the wizard in Firefox and WebKit', npm('run', 'test:engines'))],
  },
  {
    name: 'reliability under load',
    stages: [
      stage(
        'reliability under load: the files that load both cores or time answers',
        npm('run', 'test:reliability', '--', '--project', 'reliability:load'),
      ),
    ],
  },
];

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
}

const since = (started: number) => (Date.now() - started) / 1000;

/** Runs one command; its output is collected (buffered) or passed straight through (inherit). */
function run([command, args]: Command, buffered: boolean): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => resolve({ ok: false, output: `${command}: ${error.message}\n` }));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });
}

async function runStage(step: Stage, buffered: boolean): Promise<Result> {
  const started = Date.now();
  let output = '';
  let ok = true;
  for (const command of step.commands) {
    if (!buffered) console.log(`\n▶ ${step.name}: ${command[0]} ${command[1].join(' ')}`);
    const done = await run(command, buffered);
    output += `$ ${command[0]} ${command[1].join(' ')}\n${done.output}`;
    ok = done.ok;
    if (!ok) break;
  }
  const seconds = since(started);
  if (buffered) {
    console.log(`\n▶ ${step.name} (${ok ? 'ok' : 'FAILED'}, ${seconds.toFixed(1)} s)\n${output.trimEnd()}`);
  }
  return { name: step.name, ok, seconds };
}

// `npm test -- --only=static` runs the groups whose name starts so (to time or rerun one group).
const only = process.argv.find((argument) => argument.startsWith('--only='))?.slice('--only='.length);
const chosen = only ? groups.filter((group) => group.name.startsWith(only)) : groups;
if (chosen.length === 0) throw new Error(`no group named «${only}…»: ${groups.map((group) => group.name).join(', ')}`);

const results: Result[] = [];
const groupResults: Result[] = [];
for (const group of chosen) {
  const started = Date.now();
  const buffered = group.stages.length > 1;
  if (buffered) console.log(`\n▶▶ ${group.name}: ${group.stages.map((each) => each.name).join(' ∥ ')}`);
  const done = await Promise.all(group.stages.map((each) => runStage(each, buffered)));
  results.push(...done);
  const ok = done.every((result) => result.ok);
  groupResults.push({ name: group.name, ok, seconds: since(started) });
  if (!ok) break;
}

const line = ({ name, ok, seconds }: Result) => `${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds.toFixed(1)} s)`;
const stageCount = chosen.reduce((count, group) => count + group.stages.length, 0);
console.log('\nStages:');
for (const result of results) console.log(`  ${line(result)}`);
console.log('Groups (wall time; the stages of a group run side by side):');
for (const result of groupResults) console.log(`  ${line(result)}`);
const passed = results.filter((result) => result.ok).length;
const total = groupResults.reduce((sum, result) => sum + result.seconds, 0);
console.log(`stages: ${passed} passed, ${stageCount - passed} failed or not run; ${total.toFixed(0)} s in all`);
process.exit(passed === stageCount ? 0 : 1);
