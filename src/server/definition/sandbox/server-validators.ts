/**
 * Loads the server's validators module of one version (generated behind the wall and checked by
 * validators-sandbox.ts) into this process: its `export`s become the returns of a function compiled
 * by `vm`, and its runtime modules are handed in — ajv's helpers, the wizard's formats and RE2, so
 * every pattern of a definition costs linear time here whatever an editor wrote.
 */
import { createRequire } from 'node:module';
import { compileFunction } from 'node:vm';
import { parse, type Node } from 'acorn';
import type { ValidateFunction } from 'ajv';
import { formats } from '../../../shared/definition/formats.js';
import {
  FORMATS_MODULE_ID,
  SERVER_VALIDATOR_RUNTIME_MODULES,
  serverValidatorName,
} from '../../../shared/definition/validators-module.js';
import { SERVER_MODULE_EXPORTS } from '../../../shared/definition/validators-code.js';

/** What the server validates a registration with, from one version (see serverValidatorName). */
export interface DefinitionValidators {
  registration: ValidateFunction;
  /** A step schema by its `$id`. */
  step(schemaId: string): ValidateFunction | undefined;
  /** A step's `when`. */
  when(stepId: string): ValidateFunction | undefined;
  /** The `if` at `pointer` of a step schema. */
  condition(schemaId: string, pointer: string): ValidateFunction | undefined;
}

const require = createRequire(import.meta.url);
let runtime: Record<string, unknown> | undefined;

/** The wizard's formats as ajv's code asks for them when added with addFormat (src/shared/definition/ajv-config.ts). */
const formatDefinitions = Object.fromEntries(
  Object.entries(formats).map(([name, validate]) => [name, { type: 'string', validate }] as const),
);

function runtimeModules(): Record<string, unknown> {
  runtime ??= Object.fromEntries(
    SERVER_VALIDATOR_RUNTIME_MODULES.map(
      (id) => [id, id === FORMATS_MODULE_ID ? formatDefinitions : require(id)] as const,
    ),
  );
  return runtime;
}

interface ServerModule {
  validatorNames: Record<string, string>;
  createServerValidators: (runtime: Record<string, unknown>) => Record<string, ValidateFunction>;
}

/** The module's exports, without an ES module loader: `export ` dropped, the names returned. */
function evaluate(code: string, version: string): ServerModule {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as {
    body: (Node & { type: string; declaration?: Node })[];
  };
  let body = '"use strict";\n';
  let from = 0;
  for (const node of program.body) {
    if (node.type !== 'ExportNamedDeclaration' || !node.declaration) continue;
    body += code.slice(from, node.start);
    from = node.declaration.start;
  }
  body += `${code.slice(from)}\nreturn { ${SERVER_MODULE_EXPORTS.join(', ')} };`;
  const factory = compileFunction(body, [], {
    filename: `definition-${version}-server-validators.js`,
  }) as () => ServerModule;
  return factory();
}

export function loadServerValidators(code: string, version: string): DefinitionValidators {
  const loaded = evaluate(code, version);
  const functions = loaded.createServerValidators(runtimeModules());
  const byName = (name: string): ValidateFunction | undefined => {
    const exported = Object.hasOwn(loaded.validatorNames, name) ? loaded.validatorNames[name] : undefined;
    return exported === undefined ? undefined : functions[exported];
  };
  const registration = byName(serverValidatorName.registration);
  if (!registration) throw new Error(`The server validators of version ${version} have no registration validator.`);
  return {
    registration,
    step: (schemaId) => byName(serverValidatorName.step(schemaId)),
    when: (stepId) => byName(serverValidatorName.when(stepId)),
    condition: (schemaId, pointer) => byName(serverValidatorName.condition(schemaId, pointer)),
  };
}
