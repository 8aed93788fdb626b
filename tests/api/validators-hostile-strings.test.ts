/**
 * Property: whatever text an editor writes in any string position the engine reads (titles,
 * descriptions, option titles, property names, patterns, messages, `const`, `default`, `enum`, a
 * step's `when`), the generated validators stay data-driven code. Both modules pass the module
 * check, and running every validator never runs the text. The text is built from the fragments
 * that break out of strings, comments and templates in JavaScript and HTML, with a payload that
 * would set a sentinel.
 */
import { compileFunction } from 'node:vm';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { readDefinitionFolder } from '../../src/server/definition/definition.js';
import { checkGeneratedModule } from '../../src/server/definition/sandbox/generated-module-check.js';
import { loadServerValidators } from '../../src/server/definition/sandbox/server-validators.js';
import { fromRoot } from '../../src/server/paths.js';
import {
  generateServerValidatorsModule,
  generateValidatorsModule,
  SERVER_MODULE_EXPORTS,
} from '../../src/shared/definition/validators-code.js';
import {
  RE2_MODULE_ID,
  SERVER_VALIDATOR_RUNTIME_MODULES,
  VALIDATOR_RUNTIME_MODULES,
} from '../../src/shared/definition/validators-module.js';
import { loadWizard } from '../../src/shared/definition/wizard-definition.js';
import { formats } from '../../src/shared/definition/formats.js';

const PAYLOAD = 'globalThis.__injected = 1';
const fragments = [
  '*/',
  '/*',
  '//',
  '</script>',
  '<script>',
  '`',
  '${',
  '}',
  '\u2028',
  '\u2029',
  '"',
  "'",
  '\\',
  '\n',
  ')',
  '})();',
  '<!--',
  '-->',
  PAYLOAD,
  'داروخانه',
];
const hostile = fc
  .array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(''));

/** A pattern that matches the text literally (valid with the `u` flag). */
const literally = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

const shipped = readDefinitionFolder(fromRoot('schemas')).files;

/** The shipped definition with hostile text in every string position of one new field, its condition and a `when`. */
function hostileDefinition(texts: string[], name: string): Record<string, unknown> {
  const [title, description, message, value, other] = texts;
  const files = structuredClone(shipped) as Record<string, Record<string, unknown>>;
  const step = files['steps/pharmacy-info.schema.json'] as {
    title?: string;
    description?: string;
    properties: Record<string, unknown>;
    allOf?: unknown[];
  };
  step.title = title;
  step.description = description;
  step.properties[name] = {
    type: 'string',
    title,
    description,
    default: value,
    pattern: literally(value),
    maxLength: 200,
    errorMessage: { pattern: message, required: message },
  };
  step.properties.hostileChoice = {
    type: 'integer',
    title: other,
    oneOf: [
      { const: 1, title },
      { const: 2, title: other },
    ],
  };
  step.properties.hostileEnum = { type: 'string', enum: [value, other], title: message };
  step.allOf = [
    {
      if: { properties: { [name]: { const: value } }, required: [name] },
      then: { properties: { hostileThen: { type: 'string', title: other } } },
    },
  ];
  const wizard = files['wizard.json'] as { steps: Record<string, unknown>[] };
  wizard.steps[2].when = { properties: { name: { not: { const: value } } } };
  return files;
}

/** A generated module's exports, read the way the server reads its own (export keywords dropped). */
function evaluate(code: string, names: readonly string[]): Record<string, unknown> {
  const body = `"use strict";\n${code.replace(/^export /gm, '')}\nreturn { ${names.join(', ')} };`;
  return (compileFunction(body, []) as () => Record<string, unknown>)();
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, '__injected');
});

describe('hostile text in every string position of a definition', () => {
  it('never becomes code: modules pass the check, and running every validator runs none of the text', async () => {
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    // The browser's runtime, as src/client/definition/validator-runtime.ts hands it in.
    const runtime = Object.fromEntries(
      VALIDATOR_RUNTIME_MODULES.map((id) => [id, id === 'wizard:formats' ? formats : require(id)] as const),
    );
    const regExp = Object.assign((pattern: string, flags: string) => new RegExp(pattern, flags), {
      code: `require(${JSON.stringify(RE2_MODULE_ID)}).default`,
    });
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 5, maxLength: 5 }), hostile, (texts, name) => {
        fc.pre(!['name', 'hostileChoice', 'hostileEnum', 'hostileThen', '__proto__'].includes(name));
        fc.pre(texts[3] !== texts[4]); // an enum's values are distinct
        const files = hostileDefinition(texts, name);
        const wizard = loadWizard((file) => structuredClone(files[file.replace(/^\.\//, '')]));
        const browser = generateValidatorsModule(wizard, 'a hostile draft').code;
        const server = generateServerValidatorsModule(wizard, regExp, 'a hostile draft').code;
        checkGeneratedModule(browser, {
          exports: ['runtimeModules', 'createValidators', 'createStepConditions', 'schemaIds', 'schemaHashes'],
          requires: VALIDATOR_RUNTIME_MODULES,
        });
        checkGeneratedModule(server, { exports: SERVER_MODULE_EXPORTS, requires: SERVER_VALIDATOR_RUNTIME_MODULES });

        const answers = { [name]: texts[3], hostileChoice: 2, hostileEnum: texts[4], name: texts[3] };
        const validators = loadServerValidators(server, 'hostile');
        validators.registration(answers);
        validators.step('steps/pharmacy-info.schema.json')?.(answers);
        validators.condition('steps/pharmacy-info.schema.json', '/allOf/0/if')?.(answers);
        validators.when('location')?.(answers);
        const module = evaluate(browser, ['createValidators', 'createStepConditions']) as {
          createValidators: (runtime: unknown) => Record<string, Record<string, (data: unknown) => unknown>>;
          createStepConditions: (runtime: unknown) => Record<string, (answers: unknown) => boolean>;
        };
        const stepValidators = module.createValidators(runtime);
        for (const functions of Object.values(stepValidators))
          for (const validate of Object.values(functions)) validate(answers);
        for (const condition of Object.values(module.createStepConditions(runtime))) condition(answers);
        expect((globalThis as { __injected?: unknown }).__injected).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
