/**
 * Turns a definition into its validators' code in a child process that cannot act
 * (generate-validators.ts): Node's permission model with reads of the program's own folder only,
 * no writes, no child processes, no workers, no native addons, and a bounded time and answer.
 * What comes back is checked (generated-module-check.ts) before anything loads or serves it.
 *
 * The same files give the same code, so each version is generated once per process (the tests and
 * a server's start build the same version many times).
 */
import { spawn } from 'node:child_process';
import type { DefinitionFiles } from '../../../shared/definition-files.js';
import { SERVER_MODULE_EXPORTS } from '../../../shared/validators-code.js';
import { SERVER_VALIDATOR_RUNTIME_MODULES, VALIDATOR_RUNTIME_MODULES } from '../../../shared/validators-module.js';
import { projectRoot } from '../../paths.js';
import { entryBeside, SOURCE_RESOLVER } from '../source-entry.js';
import { checkGeneratedModule } from './generated-module-check.js';
import type { GenerationFailure, SandboxAnswer, SandboxRequest } from './sandbox-protocol.js';

export type { GenerationFailure } from './sandbox-protocol.js';

/** The two modules of one version, checked. */
export interface GeneratedValidators {
  /** Served to the browser as the version's validators.js. */
  browser: string;
  /** Loaded by the server (server-validators.ts). */
  server: string;
}

/** The definition could not be turned into code: the checker reports it as a problem at `file` and `pointer`. */
export class GenerationError extends Error {
  constructor(readonly failure: GenerationFailure) {
    super(failure.message);
  }
}

/**
 * Longest a generation may take, the largest answer it may give and the heap it may use (today's:
 * ~0.5 s, two modules of ~150 KB, under 100 MB). The checker refuses drafts that grow too large
 * once references are expanded, so these only stop what slips past it.
 */
const GENERATION_TIMEOUT_MS = 30_000;
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const GENERATOR_HEAP_MB = 256;
const KEPT = 16;

const BROWSER_MODULE_EXPORTS = [
  'runtimeModules',
  'createValidators',
  'createStepConditions',
  'schemaIds',
  'schemaHashes',
];

const generated = new Map<string, Promise<GeneratedValidators>>();

/** The validators of `files` (whose content hash is `version`), generated behind the wall once per process. */
export function generateValidators(version: string, files: DefinitionFiles): Promise<GeneratedValidators> {
  const known = generated.get(version);
  if (known) return known;
  const making = runSandbox({ files, label: `version ${version}` }).then(checked);
  generated.set(version, making);
  making.catch(() => generated.delete(version));
  while (generated.size > KEPT) generated.delete(generated.keys().next().value!);
  return making;
}

function checked(answer: SandboxAnswer): GeneratedValidators {
  if (!answer.ok) throw new GenerationError(answer.failure);
  checkGeneratedModule(answer.browser, { exports: BROWSER_MODULE_EXPORTS, requires: VALIDATOR_RUNTIME_MODULES });
  checkGeneratedModule(answer.server, { exports: SERVER_MODULE_EXPORTS, requires: SERVER_VALIDATOR_RUNTIME_MODULES });
  return { browser: answer.browser, server: answer.server };
}

/** The generator's entry: the built one next to the built server, else the source. */
function generatorCommand(): string[] {
  const entry = entryBeside(import.meta.url, 'generate-validators');
  if (!entry.source) return [entry.file];
  return ['--no-warnings=ExperimentalWarning', '--import', SOURCE_RESOLVER, entry.file];
}

function permissionFlags(): string[] {
  return [`--max-old-space-size=${GENERATOR_HEAP_MB}`, '--permission', `--allow-fs-read=${projectRoot}`];
}

function runSandbox(request: SandboxRequest): Promise<SandboxAnswer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...permissionFlags(), ...generatorCommand()], {
      cwd: projectRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '' },
      timeout: GENERATION_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) child.kill('SIGKILL');
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 64) err.push(chunk);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0 && size <= MAX_ANSWER_BYTES) {
        try {
          resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as SandboxAnswer);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
        return;
      }
      const why = signal ? `it was stopped (${signal}: too slow or too large an answer)` : `it exited with ${code}`;
      const stderr = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-3).join(' ');
      resolve({
        ok: false,
        failure: { file: '', pointer: '', message: `No code could be generated: ${why}. ${stderr}`.trim() },
      });
    });
    child.stdin.on('error', () => undefined); // a child that died early: reported on close
    child.stdin.end(JSON.stringify(request));
  });
}
