import { afterEach, describe, expect, it } from 'vitest';
import {
  addHospitalName,
  addNightShiftStep,
  insertReviewStep,
  reviewStep,
} from '../../fixtures/conditional-definition.js';
import { copySchemas, editJson, only, problemsIn, removeCopies } from './helpers.js';

afterEach(removeCopies);

const STEP = 'steps/pharmacy-info.schema.json';

/** A copy of schemas/ with the hospital-name condition, then `edit` applied to its allOf[0]. */
function withCondition(edit: (condition: any, schema: any) => void = () => undefined): string {
  const dir = copySchemas();
  addHospitalName(dir);
  editJson(dir, STEP, (schema) => edit(schema.allOf[0], schema));
  return dir;
}

describe('schemas:check on conditional fields', () => {
  it('accepts the hospital-name field written in the step schema and uiSchema alone', () => {
    expect(problemsIn(withCondition())).toEqual([]);
  });

  it('accepts the same condition at the top level (if/then) and as dependencies', () => {
    const dir = withCondition((condition, schema) => {
      delete schema.allOf;
      Object.assign(schema, condition);
    });
    expect(problemsIn(dir)).toEqual([]);
  });

  it('reports a condition naming a field that does not exist, with did-you-mean, file:line and pointer', () => {
    const dir = withCondition((condition) => {
      condition.if = { properties: { servise: { const: 11 } }, required: ['servise'] };
    });
    const problem = only(problemsIn(dir), 'condition-unknown-field');
    expect(problem).toMatchObject({ file: STEP, pointer: '/allOf/0/if/properties/servise' });
    expect(problem.line).toBeGreaterThan(1);
    expect(problem.message).toContain('Did you mean "service"?');
  });

  it('reports a condition on a field of a later step', () => {
    const dir = withCondition((condition) => {
      condition.if = { properties: { cityId: { const: 301 } }, required: ['cityId'] };
    });
    const problem = only(problemsIn(dir), 'condition-later-field');
    expect(problem.message).toContain('later step "location"');
  });

  it("reports a const that is not one of the field's options, suggesting the option by its title", () => {
    const dir = withCondition((condition) => {
      condition.if.properties.service.const = 'داخل بیمارستان';
    });
    const problem = only(problemsIn(dir), 'condition-not-an-option');
    expect(problem.pointer).toBe('/allOf/0/if/properties/service/const');
    expect(problem.message).toContain('Did you mean 11 (داخل بیمارستان)?');
  });

  it('reports an enum value out of the options', () => {
    const dir = withCondition((condition) => {
      condition.if.properties.service = { enum: [11, 99] };
    });
    expect(only(problemsIn(dir), 'condition-not-an-option').pointer).toBe('/allOf/0/if/properties/service/enum/1');
  });

  it('reports a conditional field without a Persian title or without messages', () => {
    const dir = withCondition((condition) => {
      condition.then.properties.hospitalName.title = 'Hospital';
      delete condition.then.properties.hospitalName.errorMessage;
    });
    const problems = problemsIn(dir);
    expect(only(problems, 'title-not-persian').pointer).toBe('/allOf/0/then/properties/hospitalName/title');
    expect(only(problems, 'conditional-field-messages').pointer).toBe('/allOf/0/then/properties/hospitalName');
  });

  it('reports a field that is both plain and conditional', () => {
    const dir = withCondition((condition) => {
      condition.then.properties.name = { type: 'string', title: 'نام', errorMessage: 'نام را بنویسید.' };
    });
    expect(only(problemsIn(dir), 'field-plain-and-conditional').pointer).toBe('/allOf/0/then/properties/name');
  });

  it('warns about a condition that also holds while its field is empty', () => {
    const dir = withCondition((condition) => {
      delete condition.if.required;
    });
    expect(only(problemsIn(dir), 'condition-not-required').level).toBe('warning');
  });

  it('still reports a ui:order entry that no branch defines', () => {
    const dir = withCondition();
    editJson(dir, 'steps/pharmacy-info.ui.json', (ui) => {
      ui['ui:order'] = ['name', 'type', 'service', 'hospitalNam', 'hospitalName', 'hasDavajoo'];
    });
    expect(only(problemsIn(dir), 'ui-order-unknown').message).toContain('Did you mean "hospitalName"?');
  });
});

describe('schemas:check on conditional steps (wizard.json "when")', () => {
  function withNightStep(edit: (step: any, wizard: any) => void = () => undefined): string {
    const dir = copySchemas();
    addNightShiftStep(dir);
    editJson(dir, 'wizard.json', (wizard) =>
      edit(
        wizard.steps.find((step: any) => step.id === 'night-shift'),
        wizard,
      ),
    );
    return dir;
  }

  it('accepts a step only night pharmacies see, with no edit of registration.schema.json', () => {
    expect(problemsIn(withNightStep())).toEqual([]);
  });

  it('reports a step condition that looks forwards', () => {
    const dir = withNightStep((step) => {
      step.when = { properties: { cityId: { const: 301 } }, required: ['cityId'] };
    });
    const problem = only(problemsIn(dir), 'step-condition-forward');
    expect(problem).toMatchObject({ file: 'wizard.json', pointer: '/steps/2/when/properties/cityId' });
    expect(problem.message).toContain('later step "location"');
  });

  it('reports a step condition naming no field, and a value that is not an option', () => {
    const unknown = withNightStep((step) => {
      step.when = { properties: { typ: { const: 2 } }, required: ['typ'] };
    });
    expect(only(problemsIn(unknown), 'step-condition-unknown-field').message).toContain('Did you mean "type"?');
    const value = withNightStep((step) => {
      step.when.properties.type.const = 'شبانه‌روزی';
    });
    expect(only(problemsIn(value), 'condition-not-an-option').message).toContain('Did you mean 2 (شبانه‌روزی)?');
  });

  it('reports a step that can never be shown, and a skippable submit step', () => {
    const first = withNightStep((step, wizard) => {
      wizard.steps.splice(wizard.steps.indexOf(step), 1);
      wizard.steps.unshift(step);
    });
    expect(only(problemsIn(first), 'step-never-shown').pointer).toBe('/steps/0/when');
    const submit = withNightStep((_step, wizard) => {
      wizard.steps.find((step: any) => step.id === 'manager').when = {
        properties: { type: { const: 2 } },
        required: ['type'],
      };
    });
    expect(only(problemsIn(submit), 'step-condition-submit').file).toBe('wizard.json');
  });
});

describe('schemas:check on a review step ("kind": "review")', () => {
  it('accepts one before /manager, and refuses one with nothing before it or no way on', () => {
    const dir = copySchemas();
    editJson(dir, 'wizard.json', (wizard) => insertReviewStep(wizard));
    expect(problemsIn(dir)).toEqual([]);
    const first = copySchemas();
    editJson(first, 'wizard.json', (wizard) => {
      wizard.steps.splice(1, 0, { ...reviewStep, buttons: { back: 'مرحله قبل' } });
    });
    const problems = problemsIn(first);
    expect(only(problems, 'review-nothing').pointer).toBe('/steps/1/kind');
    expect(only(problems, 'step-buttons').pointer).toBe('/steps/1/buttons');
  });
});
