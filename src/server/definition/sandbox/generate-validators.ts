/**
 * The child process that turns a definition into code (started by validators-sandbox.ts): it
 * reads `{ files, label }` as JSON on stdin and writes the browser's and the server's validators
 * modules (src/shared/definition/validators-code.ts) as JSON on stdout.
 *
 * ajv's generator runs the code it writes (`new Function`) to finish each validator, so a flaw in
 * how it writes a definition's text into code would run that text here. This process is started
 * under Node's permission model (no file writes, no child processes, no workers, no addons), and
 * before it reads the definition it gives up the network, which the permission model of Node 22
 * and 24 does not cover: no `fetch`, and no network or process module can be loaded from here on.
 * The regular expressions ajv builds here are plain RegExp that nothing runs; the server's module
 * builds its patterns with RE2 where it is loaded.
 */
import { registerHooks } from 'node:module';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { RE2_MODULE_ID } from '../../../shared/definition/validators-module.js';
import {
  generateServerValidatorsModule,
  generateValidatorsModule,
  ValidatorsCodeError,
} from '../../../shared/definition/validators-code.js';
import { loadWizard } from '../../../shared/definition/wizard-definition.js';
import type { SandboxAnswer, SandboxRequest } from './sandbox-protocol.js';

const REFUSED_MODULES = new Set(
  [
    'child_process',
    'cluster',
    'dgram',
    'diagnostics_channel',
    'dns',
    'dns/promises',
    'fs',
    'fs/promises',
    'http',
    'http2',
    'https',
    'inspector',
    'inspector/promises',
    'module',
    'net',
    'tls',
    'undici',
    'vm',
    'worker_threads',
  ].flatMap((name) => [name, `node:${name}`]),
);

function giveUpTheNetwork(): void {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (REFUSED_MODULES.has(specifier)) throw new Error(`The validators' generator may not load ${specifier}.`);
      return nextResolve(specifier, context);
    },
  });
  for (const name of ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest']) {
    Reflect.deleteProperty(globalThis, name);
  }
  const refuse = (): never => {
    throw new Error("The validators' generator has no access to Node's internals.");
  };
  for (const name of ['binding', '_linkedBinding', 'dlopen', 'getBuiltinModule']) {
    Object.defineProperty(process, name, { value: refuse, configurable: false, writable: false });
  }
}

/** Stands in for RE2 while the code is generated: ajv only needs the engine's name for the code. */
const re2StandIn: RegExpEngine = Object.assign((pattern: string, flags: string) => new RegExp(pattern, flags), {
  code: `require(${JSON.stringify(RE2_MODULE_ID)}).default`,
});

function generate(request: SandboxRequest): SandboxAnswer {
  const readJson = (file: string): unknown => {
    const path = file.replace(/^\.\//, '');
    if (!Object.hasOwn(request.files, path)) throw new ValidatorsCodeError(`The definition has no file ${path}.`, path);
    return structuredClone(request.files[path]);
  };
  try {
    const wizard = loadWizard(readJson);
    const browser = generateValidatorsModule(wizard, request.label);
    const server = generateServerValidatorsModule(wizard, re2StandIn, request.label);
    return { ok: true, browser: browser.code, server: server.code };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const blame = error instanceof ValidatorsCodeError ? { file: error.file, pointer: error.pointer } : {};
    return { ok: false, failure: { file: '', pointer: '', ...blame, message } };
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

giveUpTheNetwork();
const request = JSON.parse(await readStdin()) as SandboxRequest;
process.stdout.write(JSON.stringify(generate(request)));
