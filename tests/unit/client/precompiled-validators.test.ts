/**
 * The validators the build precompiles from schemas/ (virtual:wizard-validators) judge every
 * sample exactly as ajv's runtime validator does, and the generated code compiles nothing at run
 * time (the server's CSP has no 'unsafe-eval').
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPrecompiledValidator, customizeValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wizardValidatorOptions } from '../../../src/client/build/ajv-options.js';
import { generateValidatorsModule } from '../../../src/client/build/validators-plugin.js';
import { formSteps } from '../../../src/shared/definition/wizard-definition.js';
import { loadRealWizard } from '../shared/schemas-fixture.js';

const wizard = loadRealWizard();
let code = '';
let file = '';
let compiled: {
  validators: Record<string, ValidatorFunctions>;
  schemaIds: Record<string, string>;
  schemaHashes: Record<string, string>;
};

beforeAll(async () => {
  code = generateValidatorsModule(wizard, { formatsModule: path.resolve('src/shared/definition/formats.ts') });
  // Inside the project (ajv's runtime helpers resolve from node_modules) but outside node_modules
  // (so Vite transforms it and its import of formats.ts, as in the build).
  const dir = path.resolve('tests/unit/client/.generated');
  mkdirSync(dir, { recursive: true });
  file = path.join(dir, `validators-${process.pid}.mjs`);
  writeFileSync(file, code);
  compiled = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as typeof compiled;
});

afterAll(() => rmSync(file, { force: true }));

const samples: Record<string, Array<Record<string, unknown>>> = {
  'pharmacy-info': [
    {},
    { name: 'داروخانه رازی', type: 1, service: 14 },
    { name: 'داروخانه رازی', type: 1, service: 14, hasDavajoo: true },
    { name: 'ر', type: 1, service: 2 },
    { name: 'داروخانه', type: 7, service: 2 },
    { name: 'داروخانه', type: '1', service: 0 },
    { name: 'x'.repeat(101), type: 6, service: 15 },
  ],
  location: [
    {},
    { selectedState: 8, cityId: 301, address: 'خیابان ولیعصر، پلاک ۱۲' },
    { selectedState: 8, cityId: 301, address: 'خیابان ولیعصر، پلاک ۱۲', latitude: 35.7, longitude: 51.4 },
    { selectedState: 0, cityId: 301, address: 'کوتاه' },
    { selectedState: 8, cityId: 301, address: 'abc', latitude: 10, longitude: 100 },
    { selectedState: 8, cityId: 1.5, address: 'x'.repeat(501) },
  ],
  manager: [
    {},
    {
      firstName: 'سارا',
      lastName: 'احمدی',
      nationalCode: '0499370899',
      mobileNumber: '09121234567',
      captchaId: 'c',
      captchaAnswer: 2,
      acceptTerms: true,
    },
    {
      firstName: 'سارا',
      lastName: 'احمدی',
      nationalCode: '0684159415',
      mobileNumber: '09121234567',
      captchaId: 'c',
      captchaAnswer: 2,
      acceptTerms: true,
    },
    {
      firstName: 'سارا',
      lastName: 'احمدی',
      nationalCode: '0000000000',
      mobileNumber: '09001234567',
      captchaId: 'c',
      captchaAnswer: 2,
      acceptTerms: false,
    },
    {
      firstName: 'س',
      lastName: 'احمدی',
      nationalCode: '12345',
      mobileNumber: '0912-123-4567',
      captchaId: '',
      captchaAnswer: 12,
      acceptTerms: true,
    },
    {
      firstName: 'سارا',
      lastName: 'احمدی',
      nationalCode: '۰۴۹۹۳۷۰۸۹۹',
      mobileNumber: '۰۹۱۲۱۲۳۴۵۶۷',
      captchaId: 'c',
      captchaAnswer: 0,
      acceptTerms: true,
    },
  ],
};

describe('virtual:wizard-validators', () => {
  it('has one validator per form step, for the schema it was built from', () => {
    const steps = formSteps(wizard);
    expect(Object.keys(compiled.validators).sort()).toEqual(steps.map((step) => step.id).sort());
    for (const step of steps) {
      expect(compiled.schemaIds[step.id]).toBe(step.jsonSchema?.$id);
      expect(compiled.schemaHashes[step.id]).toBe(hashForSchema(step.jsonSchema as RJSFSchema));
    }
  });

  it('contains no ajv compiler and no dynamic code', () => {
    expect(code).not.toMatch(/new Function|\beval\(/);
    expect(code).not.toMatch(/from "ajv"|require\("ajv"\)/);
  });

  for (const step of formSteps(wizard)) {
    it(`agrees with ajv on valid and invalid samples of ${step.id}`, () => {
      const schema = step.jsonSchema as RJSFSchema;
      const precompiled = createPrecompiledValidator(compiled.validators[step.id], schema);
      const runtime = customizeValidator(wizardValidatorOptions);
      let valid = 0;
      for (const sample of samples[step.id]) {
        const a = precompiled.validateFormData(sample, schema);
        const b = runtime.validateFormData(sample, schema);
        const summary = (errors: typeof a.errors) => errors.map((error) => `${error.name} ${error.property}`).sort();
        expect(summary(a.errors), JSON.stringify(sample)).toEqual(summary(b.errors));
        if (a.errors.length === 0) valid += 1;
      }
      // Each step's samples hold both kinds.
      expect(valid).toBeGreaterThan(0);
      expect(valid).toBeLessThan(samples[step.id].length);
    });
  }
});
