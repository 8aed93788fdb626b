import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { loadServerValidators, type DefinitionValidators } from './sandbox/server-validators.js';
import { generateValidators, GenerationError } from './sandbox/validators-sandbox.js';
import {
  isProgramFile,
  sortedPaths,
  type DefinitionFiles,
  type DefinitionTexts,
} from '../../shared/definition/definition-files.js';
import { inlineRefs } from '../../shared/definition/inline-refs.js';
import { loadWizard, type JsonSchema, type LoadedWizard } from '../../shared/definition/wizard-definition.js';
import { NESHAN_MAP_DEFAULTS, type MapProvider } from '../../shared/contracts/wizard-api.js';
import type { RegisterConfig } from '../../shared/contracts/wizard-api.schemas.js';
import { fromRoot } from '../paths.js';

/** Everything the server takes from one version of the definition: the wizard, its registration validator, the plans. */
export interface Definition {
  wizard: LoadedWizard;
  /** The registration schema with every $ref inlined (normalisation and route declaration). */
  registrationSchema: JsonSchema;
  /**
   * The server's validators, generated from the definition in a child process that cannot act and
   * loaded here (src/server/definition/sandbox): the registration, step schemas, conditions.
   */
  validators: DefinitionValidators;
  /** The browser's validators module, from the same generation (served as validators.js). */
  validatorsJs: string;
  registerConfig: Omit<RegisterConfig, 'definitionVersion'>;
  /** The content hash of `files` (definitionVersionOf): the version's id. */
  version: string;
  /** The whole definition this was built from, paths relative to schemas/. */
  files: DefinitionFiles;
}

export class DefinitionError extends Error {}

/** The definition's validators could not be generated: a problem at a file and pointer, for the checker's list. */
export class DefinitionCodeError extends DefinitionError {
  constructor(
    message: string,
    readonly file: string,
    readonly pointer: string,
  ) {
    super(message);
  }
}

export interface DefinitionOverrides {
  mapKey?: string;
  /** Whether the server has an address service for a map of this provider (src/server/address). */
  addressServiceFor?: (provider: MapProvider) => boolean;
  mapTileUrl?: string;
}

/**
 * Builds a definition from its files: reads the wizard, and has its validators generated behind the
 * wall (src/server/definition/sandbox) before loading the server's share of them. Throws
 * DefinitionError when the files cannot be read, DefinitionCodeError when no code can be made.
 */
export async function buildDefinition(
  files: DefinitionFiles,
  overrides: DefinitionOverrides = {},
): Promise<Definition> {
  const readJson = (file: string): unknown => {
    const path = file.replace(/^\.\//, '');
    if (!Object.hasOwn(files, path)) throw new DefinitionError(`The definition has no file ${path}.`);
    return structuredClone(files[path]);
  };
  let wizard: LoadedWizard;
  try {
    wizard = loadWizard(readJson);
  } catch (error) {
    if (error instanceof DefinitionError) throw error;
    throw new DefinitionError(`The definition cannot be read: ${(error as Error).message}`);
  }
  const version = definitionVersionOf(files);
  const registerConfig = readRegisterConfig(readJson('register-config.json'), overrides);
  let code: { browser: string; server: string };
  try {
    code = await generateValidators(version, files);
  } catch (error) {
    if (error instanceof GenerationError) {
      const { file, pointer, message } = error.failure;
      throw new DefinitionCodeError(`The definition's validators cannot be generated: ${message}`, file, pointer);
    }
    throw new DefinitionCodeError(`The definition's validators were refused: ${(error as Error).message}`, '', '');
  }
  return {
    wizard,
    registrationSchema: inlineRefs(wizard.registrationSchema, wizard.schemasById),
    validators: loadServerValidators(code.server, version),
    validatorsJs: code.browser,
    registerConfig,
    version,
    files,
  };
}

/** A definition folder (schemas/, or SCHEMAS_DIR): reads its files, then buildDefinition. */
export function loadDefinition(schemasDir: string, overrides: DefinitionOverrides = {}): Promise<Definition> {
  return buildDefinition(readDefinitionFolder(schemasDir).files, overrides);
}

/**
 * Every file of a definition folder, parsed and as text. The program's own files (the meta-schemas,
 * shared/definition/definition-files.ts) are left out: they belong to the code, not to a version.
 */
export function readDefinitionFolder(dir: string): { files: DefinitionFiles; texts: DefinitionTexts } {
  const files: DefinitionFiles = {};
  const texts: DefinitionTexts = {};
  for (const path of listJsonFiles(dir)) {
    if (isProgramFile(path)) continue;
    const text = readFileSync(join(dir, path), 'utf8');
    texts[path] = text;
    try {
      files[path] = JSON.parse(text) as unknown;
    } catch (error) {
      throw new DefinitionError(`Cannot read ${join(dir, path)}: ${(error as Error).message}`);
    }
  }
  return { files, texts };
}

/**
 * A short hash of every file's path and content: the same files give the same version, whoever
 * sends them and however they are indented; a changed label gives a new one.
 */
export function definitionVersionOf(files: DefinitionFiles): string {
  const hash = createHash('sha256');
  for (const path of sortedPaths(files))
    hash.update(path).update('\0').update(JSON.stringify(files[path])).update('\0');
  return hash.digest('hex').slice(0, 12);
}

let validateRegisterConfig: ValidateFunction | undefined;

/** register-config.json, checked against the program's own meta-schema (schemas/register-config.schema.json). */
function readRegisterConfig(config: unknown, overrides: DefinitionOverrides): Definition['registerConfig'] {
  validateRegisterConfig ??= new Ajv({ strict: false, allErrors: true }).compile(
    JSON.parse(readFileSync(fromRoot('schemas', 'register-config.schema.json'), 'utf8')) as JsonSchema,
  );
  if (!validateRegisterConfig(config)) {
    throw new DefinitionError(`register-config.json is not valid: ${describe(validateRegisterConfig.errors ?? [])}`);
  }
  const { $schema: _schema, ...settings } = config as Definition['registerConfig'] & { $schema?: string };
  const map = settings.map.provider === 'neshan' ? { ...NESHAN_MAP_DEFAULTS, ...settings.map } : { ...settings.map };
  if (overrides.mapTileUrl) map.tileUrl = overrides.mapTileUrl;
  if (overrides.mapKey) map.key = overrides.mapKey;
  map.addressService = overrides.addressServiceFor?.(map.provider) ?? false;
  if (!settings.tiers.some((tier) => tier.id === settings.defaultTier)) {
    throw new DefinitionError('register-config.json: defaultTier must be the id of one of the tiers.');
  }
  return { tiers: settings.tiers, defaultTier: settings.defaultTier, map };
}

/** The JSON files of a definition folder, as paths relative to it with forward slashes, sorted. */
export function listJsonFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.json')) found.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return found.sort();
}

function describe(errors: ErrorObject[]): string {
  return errors.map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`).join('; ');
}
