import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { addWizardVocabulary, wizardAjvOptions } from '../../shared/ajv-config.js';
import { inlineRefs } from '../../shared/inline-refs.js';
import { loadWizard, type JsonSchema, type LoadedWizard } from '../../shared/wizard-definition.js';
import type { RegisterConfig } from '../../shared/api-contract.js';

/** Everything the server takes from schemas/: the wizard, its registration validator, the plans. */
export interface Definition {
  wizard: LoadedWizard;
  /** The registration schema with every $ref inlined (normalisation and route declaration). */
  registrationSchema: JsonSchema;
  validateRegistration: ValidateFunction;
  /** The ajv every schema of the definition is compiled in: step schemas by their `$id`. */
  ajv: Ajv;
  registerConfig: Omit<RegisterConfig, 'definitionVersion'>;
  version: string;
}

export class DefinitionError extends Error {}

export interface DefinitionOverrides {
  mapKey?: string;
  mapTileUrl?: string;
}

export function loadDefinition(schemasDir: string, overrides: DefinitionOverrides = {}): Definition {
  const readJson = (file: string): unknown => readJsonFile(resolve(schemasDir, file));
  const wizard = loadWizard(readJson);
  const ajv = createAjv();
  for (const [id, schema] of Object.entries(wizard.schemasById)) {
    if (schema !== wizard.registrationSchema) ajv.addSchema(schema, id);
  }
  const validateRegistration = ajv.compile(wizard.registrationSchema);
  return {
    wizard,
    registrationSchema: inlineRefs(wizard.registrationSchema, wizard.schemasById),
    validateRegistration,
    ajv,
    registerConfig: loadRegisterConfig(schemasDir, overrides),
    version: definitionVersion(schemasDir),
  };
}

/** The same rules the browser's precompiled validators follow (src/shared/ajv-config.ts). */
export function createAjv(): Ajv {
  return addWizardVocabulary(new Ajv(wizardAjvOptions));
}

function loadRegisterConfig(schemasDir: string, overrides: DefinitionOverrides): Definition['registerConfig'] {
  const schema = readJsonFile(resolve(schemasDir, 'register-config.schema.json')) as JsonSchema;
  const config = readJsonFile(resolve(schemasDir, 'register-config.json')) as Record<string, unknown>;
  const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
  if (!validate(config)) {
    throw new DefinitionError(`register-config.json is not valid: ${describe(validate.errors ?? [])}`);
  }
  const { $schema: _schema, ...settings } = config as unknown as Definition['registerConfig'] & { $schema?: string };
  const map = { ...settings.map };
  if (overrides.mapTileUrl) map.tileUrl = overrides.mapTileUrl;
  if (overrides.mapKey) map.key = overrides.mapKey;
  if (!settings.tiers.some((tier) => tier.id === settings.defaultTier)) {
    throw new DefinitionError('register-config.json: defaultTier must be the id of one of the tiers.');
  }
  return { tiers: settings.tiers, defaultTier: settings.defaultTier, map };
}

/** A short hash of every file in the definition folder: changes whenever staff edit a schema. */
function definitionVersion(schemasDir: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(schemasDir)) {
    hash.update(relative(schemasDir, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}

function readJsonFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new DefinitionError(`Cannot read ${path}: ${(error as Error).message}`);
  }
}

function describe(errors: ErrorObject[]): string {
  return errors.map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`).join('; ');
}
