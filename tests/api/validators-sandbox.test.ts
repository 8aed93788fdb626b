/**
 * The second wall: the definition's validators are generated in a child process that cannot act,
 * and what it returns is checked before anything loads or serves it. These definitions go straight
 * to the generator, past the checker (the first wall), as a flaw in the checker would let them.
 * Each carries code that would leave a file behind (the sentinel) if it ran anywhere.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDefinitionFolder, definitionVersionOf } from '../../src/server/definition/definition.js';
import { generateValidators, GenerationError } from '../../src/server/definition/sandbox/validators-sandbox.js';
import {
  checkGeneratedModule,
  GeneratedCodeError,
} from '../../src/server/definition/sandbox/generated-module-check.js';
import { fromRoot } from '../../src/server/paths.js';
import type { DefinitionFiles } from '../../src/shared/definition/definition-files.js';

const scratch = mkdtempSync(join(tmpdir(), 'sandbox-sentinel-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** JavaScript that writes `file` by every road Node offers, and swallows each refusal. */
function writer(file: string): string {
  const path = JSON.stringify(file).replaceAll('"', "'");
  return [
    `try { process.getBuiltinModule('node:fs').writeFileSync(${path}, 'ran') } catch (e) {}`,
    `try { process.binding('fs') } catch (e) {}`,
    `import('node:fs').then((fs) => fs.writeFileSync(${path}, 'ran')).catch(() => {})`,
    `try { process.getBuiltinModule('node:child_process').execSync('touch ' + ${path}) } catch (e) {}`,
    `try { fetch('http://127.0.0.1:9/' + ${path}) } catch (e) {}`,
  ].join('; ');
}

/** The shipped definition with a `$id` where ajv writes it into a comment of the code it generates. */
const placements: Record<string, (id: string) => DefinitionFiles> = {
  // A step's `when` is compiled on its own: its `$id` names the function (browser and server).
  "a step's when": (id) => {
    const { files } = readDefinitionFolder(fromRoot('schemas'));
    const wizard = structuredClone(files['wizard.json']) as { steps: Record<string, unknown>[] };
    wizard.steps[2].when = { $id: id, properties: { name: { type: 'string' } } };
    return { ...files, 'wizard.json': wizard };
  },
  // RJSF compiles each sub-schema it may evaluate (an `if`) on its own, `$id` and all (browser).
  'an if of a step schema': (id) => {
    const { files } = readDefinitionFolder(fromRoot('schemas'));
    const step = structuredClone(files['steps/pharmacy-info.schema.json']) as Record<string, unknown>;
    step.allOf = [{ if: { $id: id, properties: { name: { const: 'x' } } }, then: {} }];
    return { ...files, 'steps/pharmacy-info.schema.json': step };
  },
};

const escapes = {
  // Runs whenever the validator is called: in the browser on every step, on the server at every registration.
  'closes the comment': (code: string) => `x */ ${code}; /*`,
  // ajv evaluates `return function validate…` while it generates: this runs right then, in the generator.
  'runs while the code is made': (code: string) => `x */ }, ${code}, function escaped() { /*`,
};

describe('a definition whose text escapes into the generated code', () => {
  for (const [place, withId] of Object.entries(placements)) {
    for (const [name, escape] of Object.entries(escapes)) {
      it(`in ${place}, ${name}: nothing runs, and the code is refused`, async () => {
        const sentinel = join(scratch, `${place}-${name}`.replaceAll(' ', '-'));
        const files = withId(escape(`(() => { ${writer(sentinel)} })()`));
        const outcome = await generateValidators(definitionVersionOf(files), files).then(
          () => 'served',
          (error: unknown) => error,
        );
        expect(outcome instanceof GenerationError || outcome instanceof GeneratedCodeError).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 200)); // a fetch or import() would have landed
        expect(existsSync(sentinel)).toBe(false);
      });
    }
  }

  it('generates the shipped definition, and the answer passes the module check', async () => {
    const { files } = readDefinitionFolder(fromRoot('schemas'));
    const code = await generateValidators(definitionVersionOf(files), files);
    expect(code.browser).toContain('export function createValidators');
    expect(code.server).toContain('require("ajv/dist/runtime/re2")');
  });
});

describe('the module check', () => {
  const expected = { exports: ['a'], requires: ['ajv/dist/runtime/equal'] };
  const refused = {
    'an import': 'import x from "fs"; export const a = x;',
    'a dynamic import': 'export const a = () => import("fs");',
    'import.meta': 'export const a = import.meta.url;',
    'a require of another module': 'function f(require) { require("fs"); } export const a = f;',
    'a require by a computed name': 'function f(require, n) { require(n); } export const a = f;',
    process: 'export const a = () => process.exit(1);',
    globalThis: 'export const a = () => globalThis;',
    'the Function constructor': 'export const a = Function("return 1");',
    eval: 'export const a = () => eval("1");',
    'an unexpected export': 'export const a = 1; export const b = 2;',
    'a default export': 'export default 1; export const a = 1;',
    'a re-export': 'export { x as a } from "fs";',
    'something that is not JavaScript': 'export const a = */ 1;',
  };
  for (const [name, code] of Object.entries(refused)) {
    it(`refuses ${name}`, () => {
      expect(() => checkGeneratedModule(code, expected)).toThrow(GeneratedCodeError);
    });
  }

  it('lets a property named like a global through, and a require of a runtime module', () => {
    const code =
      'function f(require) { return require("ajv/dist/runtime/equal"); } export const a = { process: 1, f }; a.eval = 2;';
    expect(() => checkGeneratedModule(code, expected)).not.toThrow();
  });
});
