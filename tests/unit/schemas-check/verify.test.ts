// @vitest-environment node
// `"verify": "sms"`: the worked example of docs/editing-the-wizard.md passes, and each
// way of getting it wrong is named with its fix.
import { afterAll, describe, expect, it } from 'vitest';
import { verifyMobile } from '../../fixtures/verified-definition.js';
import { copySchemas, editJson, only, problemsIn, removeCopies } from './helpers.js';

afterAll(removeCopies);

const MANAGER = 'steps/manager.schema.json';

describe('schemas:check and "verify"', () => {
  it("passes the worked example: one line (and its message) on the manager's mobile number", () => {
    const dir = copySchemas();
    editJson(dir, MANAGER, (schema) => verifyMobile(schema));
    expect(problemsIn(dir)).toEqual([]);
  });

  it('refuses a kind it does not know', () => {
    const dir = copySchemas();
    editJson(dir, MANAGER, (schema) => {
      schema.properties.mobileNumber.verify = 'email';
    });
    const problems = problemsIn(dir);
    expect(
      problems.some((problem) => problem.file === MANAGER && /verify/.test(`${problem.pointer} ${problem.message}`)),
    ).toBe(true);
  });

  it('refuses it on a field that is not a mobile number, and on a widget that cannot verify', () => {
    const dir = copySchemas();
    editJson(dir, MANAGER, (schema) => {
      schema.properties.firstName.verify = 'sms';
    });
    const problems = problemsIn(dir);
    expect(only(problems, 'verify-mobile').pointer).toBe('/properties/firstName/verify');
    expect(only(problems, 'verify-widget').message).toContain('firstName');
  });

  it('refuses it inside a condition', () => {
    const dir = copySchemas();
    editJson(dir, MANAGER, (schema) => {
      schema.if = { properties: { firstName: { const: 'x' } } };
      schema.then = { properties: { mobileNumber: { verify: 'sms' } } };
    });
    expect(only(problemsIn(dir), 'verify-place').pointer).toBe('/then/properties/mobileNumber/verify');
  });

  it('refuses it on a field the registration does not receive', () => {
    const dir = copySchemas();
    editJson(dir, MANAGER, (schema) => verifyMobile(schema));
    editJson(dir, 'wizard.json', (wizard) => {
      wizard.registration.fields['manager/mobileNumber'] = null;
    });
    expect(only(problemsIn(dir), 'verify-not-posted').pointer).toBe('/registration/fields/manager~1mobileNumber');
  });

  it('warns when the field has no message of its own, and refuses a verify message without the rule', () => {
    const dir = copySchemas();
    editJson(dir, MANAGER, (schema) => {
      schema.properties.mobileNumber.verify = 'sms';
      schema.properties.nationalCode.errorMessage.verify = 'لطفاً تأیید کنید.';
    });
    const problems = problemsIn(dir);
    expect(only(problems, 'verify-message').level).toBe('warning');
    expect(only(problems, 'message-key').pointer).toBe('/properties/nationalCode/errorMessage/verify');
  });
});
