import { describe, expect, it } from 'vitest';
import { activeStepIds, type StepTest } from '../../../src/shared/definition/step-conditions.js';
import type { LoadedWizard } from '../../../src/shared/definition/wizard-definition.js';
import { conditionalDefinition, NIGHT_TYPE } from '../../fixtures/conditional-definition.js';
import { runtimeStepTest } from '../client/render-wizard.js';
import { loadRealWizard } from './schemas-fixture.js';

const full = loadRealWizard(conditionalDefinition());
/** What the browser's first chunk holds: wizard.json and uiSchemas, no step schemas. */
const shell: LoadedWizard = { ...full, steps: full.steps.map(({ jsonSchema: _schema, ...step }) => step) };
const test: StepTest = runtimeStepTest();

describe('the steps shown for the drafts', () => {
  it.each([
    ['the full definition', full],
    ['the shell (no step schemas)', shell],
  ])('follow the earlier answers in %s', (_name, wizard) => {
    const night = activeStepIds(wizard, { 'pharmacy-info': { name: 'داروخانه', type: NIGHT_TYPE, service: 1 } }, test);
    expect(night).toEqual(['welcome', 'pharmacy-info', 'night-shift', 'location', 'manager', 'enter']);
    const day = activeStepIds(wizard, { 'pharmacy-info': { name: 'داروخانه', type: 1, service: 1 } }, test);
    expect(day).toEqual(['welcome', 'pharmacy-info', 'location', 'manager', 'enter']);
  });

  it('count only the answers of steps that are shown', () => {
    const when = { properties: { nightPharmacist: { const: 'x' } }, required: ['nightPharmacist'] };
    const wizard: LoadedWizard = {
      ...full,
      steps: [...full.steps, { id: 'after', route: '/after', title: 'بعد', kind: 'content', when }],
    };
    const drafts = { 'pharmacy-info': { type: 1 }, 'night-shift': { nightPharmacist: 'x' } };
    expect(activeStepIds(wizard, drafts, test)).not.toContain('after');
  });
});
