/**
 * Conditions under the precompiled validators the browser runs (no ajv compiler, strict CSP):
 * RJSF resolves the hospital-name branch of the fixture definition with the generated functions
 * exactly as with ajv's runtime validator, so what is rendered and kept is decided alike.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalFieldNames, withoutHiddenAnswers } from '../../../src/client/form/conditional-fields.js';
import { generateStepConditionsModule, generateValidatorsModule } from '../../../src/client/build/validators-plugin.js';
import { conditionalDefinition } from '../../fixtures/conditional-definition.js';
import { loadRealWizard } from '../shared/schemas-fixture.js';

const wizard = loadRealWizard(conditionalDefinition());
const step = wizard.steps.find((candidate) => candidate.id === 'pharmacy-info')!;
const schema = step.jsonSchema as RJSFSchema;
let file = '';
let functions: ValidatorFunctions;
let stepConditions: Record<string, (answers: Record<string, unknown>) => boolean>;
let conditionsFile = '';

beforeAll(async () => {
  const code = generateValidatorsModule(wizard, { formatsModule: path.resolve('src/shared/definition/formats.ts') });
  const dir = path.resolve('tests/unit/client/.generated');
  mkdirSync(dir, { recursive: true });
  file = path.join(dir, `conditions-${process.pid}.mjs`);
  writeFileSync(file, code);
  conditionsFile = path.join(dir, `step-conditions-${process.pid}.mjs`);
  writeFileSync(
    conditionsFile,
    generateStepConditionsModule(wizard, { formatsModule: path.resolve('src/shared/definition/formats.ts') }),
  );
  stepConditions = (
    (await import(/* @vite-ignore */ pathToFileURL(conditionsFile).href)) as { stepConditions: typeof stepConditions }
  ).stepConditions;
  functions = (
    (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { validators: Record<string, ValidatorFunctions> }
  ).validators[step.id];
});

afterAll(() => {
  rmSync(file, { force: true });
  rmSync(conditionsFile, { force: true });
});

describe('a conditional field under the precompiled validator', () => {
  it('is required, with its own keyword, only while service is «داخل بیمارستان»', () => {
    const validator = createPrecompiledValidator(functions, schema);
    const hospital = validator.validateFormData({ name: 'داروخانه رازی', type: 1, service: 11 }, schema);
    expect(hospital.errors.map((error) => [error.property, error.name])).toContainEqual(['hospitalName', 'required']);
    const other = validator.validateFormData({ name: 'داروخانه رازی', type: 1, service: 2 }, schema);
    expect(other.errors).toEqual([]);
  });

  it('keeps its answer only while the condition holds', () => {
    const validator = createPrecompiledValidator(functions, schema);
    const names = conditionalFieldNames(schema);
    expect(names).toEqual(['hospitalName']);
    const kept = { service: 11, hospitalName: 'بیمارستان امام' };
    expect(withoutHiddenAnswers(validator, schema, names, kept)).toBe(kept);
    expect(withoutHiddenAnswers(validator, schema, names, { service: 3, hospitalName: 'بیمارستان امام' })).toEqual({
      service: 3,
    });
  });
});

describe('a step condition under the precompiled functions', () => {
  it('holds only for the answers it names, with no ajv compiler at run time', () => {
    expect(Object.keys(stepConditions)).toEqual(['night-shift']);
    expect(stepConditions['night-shift']({ type: 2, name: 'داروخانه رازی' })).toBe(true);
    expect(stepConditions['night-shift']({ type: 1 })).toBe(false);
    expect(stepConditions['night-shift']({})).toBe(false);
  });

  it('is an empty map for the shipped wizard', async () => {
    const shipped = path.join(path.dirname(file), `shipped-conditions-${process.pid}.mjs`);
    writeFileSync(
      shipped,
      generateStepConditionsModule(loadRealWizard(), {
        formatsModule: path.resolve('src/shared/definition/formats.ts'),
      }),
    );
    try {
      const module = (await import(/* @vite-ignore */ pathToFileURL(shipped).href)) as {
        stepConditions: Record<string, unknown>;
      };
      expect(module.stepConditions).toEqual({});
    } finally {
      rmSync(shipped, { force: true });
    }
  });
});
