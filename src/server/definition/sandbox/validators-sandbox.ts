/**
 * Turns a definition into its validators' code in a child process that cannot act
 * (generate-validators.ts): Node's permission model with reads of its own code and packages only,
 * no writes, no child processes, no workers, no native addons, and a bounded time and answer.
 * What comes back is checked (generated-module-check.ts) before anything loads or serves it.
 *
 * The same files give the same code, so each version is generated once per process (the tests and
 * a server's start build the same version many times).
 */
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DefinitionFiles } from '../../../shared/definition/definition-files.js';
import { SERVER_MODULE_EXPORTS } from '../../../shared/definition/validators-code.js';
import {
  SERVER_VALIDATOR_RUNTIME_MODULES,
  VALIDATOR_RUNTIME_MODULES,
} from '../../../shared/definition/validators-module.js';
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

/**
 * The packages the generator imports (validators-code.ts, ajv-config.ts, formats.ts); their own
 * dependencies are followed from their package.json.
 */
const GENERATOR_PACKAGES = ['ajv', '@rjsf/utils', '@rjsf/validator-ajv8', '@persian-tools/persian-tools'];

/**
 * What the child may read, and nothing more: the code it runs (src/ or dist/: its own folder and
 * the shared one), the project's package.json (Node reads it for the module type), and the folder
 * of every package it may load, at the path Node looks it up and at its real path, wherever
 * node_modules lives (a symlink out of the project, hoisted above it). Never data/ (the secret, the
 * SQLite file) nor anything else of the project.
 */
export function permissionFlags(): string[] {
  const here = fileURLToPath(import.meta.url);
  const codeRoot = resolve(dirname(here), '..', '..', '..');
  const code = [dirname(here), join(codeRoot, 'shared'), join(projectRoot, 'package.json')].filter((path) =>
    existsSync(path),
  );
  const readable = new Set([...code.map((path) => realpathSync(path)), ...packageFolders(GENERATOR_PACKAGES, here)]);
  const reads = outermost([...readable]).map((path) => `--allow-fs-read=${path}`);
  return [`--max-old-space-size=${GENERATOR_HEAP_MB}`, '--permission', ...reads];
}

/**
 * The paths without those inside another, shortest first: Node 24 loses a folder granted after a
 * path inside it (its permission tree keeps the longer one), and a folder covers its contents anyway.
 */
function outermost(paths: string[]): string[] {
  const kept: string[] = [];
  for (const path of [...paths].sort((a, b) => a.length - b.length)) {
    if (!kept.some((outer) => path === outer || path.startsWith(`${outer}${sep}`))) kept.push(path);
  }
  return kept;
}

/** Each package's folder as found from `from`, and its real path, with those of all it depends on. */
export function packageFolders(names: readonly string[], from: string): string[] {
  const folders = new Set<string>();
  const visited = new Set<string>();
  const visit = (name: string, fromFile: string): void => {
    const found = packageFolder(name, fromFile);
    if (found === undefined) return; // an optional peer that is not installed: nothing to read
    const real = realpathSync(found);
    folders.add(found).add(real);
    for (const link of symlinksOnTheWay(found)) folders.add(link);
    if (visited.has(real)) return;
    visited.add(real);
    const manifest = JSON.parse(readFileSync(join(real, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    const manifestFile = join(real, 'package.json');
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }))
      visit(dependency, manifestFile);
  };
  for (const name of names) visit(name, from);
  return [...folders];
}

/**
 * The symbolic links on a package's path (a node_modules linked out of the project): Node's
 * resolver stats each one to find the real path, and the permission model judges the path as
 * written, so the link must be readable; through it, only the folder it points at is.
 */
function symlinksOnTheWay(path: string): string[] {
  const links: string[] = [];
  for (let at = path; dirname(at) !== at; at = dirname(at)) if (lstatSync(at).isSymbolicLink()) links.push(at);
  return links;
}

/** Where Node finds package `name` from `fromFile`: the first node_modules up the tree that has it. */
function packageFolder(name: string, fromFile: string): string | undefined {
  const lookups = createRequire(fromFile).resolve.paths(name) ?? [];
  return lookups.map((folder) => join(folder, name)).find((folder) => existsSync(join(folder, 'package.json')));
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
