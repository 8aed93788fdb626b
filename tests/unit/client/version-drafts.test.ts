/**
 * Drafts per version: a tab keeps each version's answers apart, and a tab that opens a
 * newly published version keeps the answers that still fit, with only the steps that still hold
 * complete.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { answersThatFit, carryOverDrafts, storageKeyFor } from '../../../src/client/state/version-drafts.js';
import { readStoredState, type WizardState } from '../../../src/client/state/wizard-storage.js';
import type { LoadedWizard } from '../../../src/shared/definition/wizard-definition.js';
import { loadRealWizard } from '../shared/schemas-fixture.js';

const wizard = loadRealWizard();
const pharmacy = { name: 'داروخانه رازی', type: 1, service: 2 };
const manager = {
  firstName: 'مریم',
  lastName: 'احمدی',
  nationalCode: '0012345679',
  mobileNumber: '09123456789',
  captchaId: 'c-1',
  captchaAnswer: 1,
  acceptTerms: true,
};

function stored(state: Partial<WizardState>): string {
  return JSON.stringify({ drafts: {}, completed: [], serverErrors: {}, ...state });
}

/** schemas/ with one more required field on the pharmacy step, as a publish might add it. */
function withNewRequiredField(): LoadedWizard {
  const copy = structuredClone(wizard);
  const step = copy.steps.find((candidate) => candidate.id === 'pharmacy-info')!;
  const schema = step.jsonSchema as { properties: Record<string, unknown>; required: string[] };
  schema.properties.licenceNumber = { type: 'string', title: 'شماره پروانه' };
  schema.required = [...schema.required, 'licenceNumber'];
  return copy;
}

afterEach(() => window.sessionStorage.clear());

describe('drafts kept per version', () => {
  it("keeps each version's state under its own key and leaves a version's own state alone", () => {
    window.sessionStorage.setItem(storageKeyFor('aaa111'), stored({ drafts: { 'pharmacy-info': pharmacy } }));
    expect(carryOverDrafts(window.sessionStorage, 'aaa111', wizard)).toBe(false);
    expect(readStoredState(window.sessionStorage, storageKeyFor('aaa111')).drafts['pharmacy-info']).toEqual(pharmacy);
  });

  it('carries the answers over to a new version, keeping a step complete only while it still holds', () => {
    window.sessionStorage.setItem(
      storageKeyFor('aaa111'),
      stored({
        drafts: { 'pharmacy-info': { ...pharmacy, retired: 'x' }, manager },
        completed: ['pharmacy-info', 'manager'],
        tier: 2,
      }),
    );
    expect(carryOverDrafts(window.sessionStorage, 'bbb222', wizard)).toBe(true);
    const state = readStoredState(window.sessionStorage, storageKeyFor('bbb222'));
    expect(state.drafts['pharmacy-info']).toEqual(pharmacy);
    expect(state.drafts.manager).toEqual(manager);
    // An answer the new version no longer asks for was dropped: that step is checked again.
    expect(state.completed).toEqual(['manager']);
    expect(state.tier).toBe(2);
    expect(window.sessionStorage.getItem(storageKeyFor('aaa111'))).toBeNull();
  });

  it('reopens a step that asks for something new and required', () => {
    window.sessionStorage.setItem(
      storageKeyFor('aaa111'),
      stored({ drafts: { 'pharmacy-info': pharmacy }, completed: ['pharmacy-info'] }),
    );
    expect(carryOverDrafts(window.sessionStorage, 'bbb222', withNewRequiredField())).toBe(true);
    expect(readStoredState(window.sessionStorage, storageKeyFor('bbb222')).completed).toEqual([]);
  });

  it('says nothing when there was nothing to carry', () => {
    window.sessionStorage.setItem(storageKeyFor('aaa111'), stored({ tier: 3 }));
    expect(carryOverDrafts(window.sessionStorage, 'bbb222', wizard)).toBe(false);
  });

  it('keeps only the fields a step still has', () => {
    expect(answersThatFit(wizard, { 'pharmacy-info': { name: 'x', gone: 1 }, nowhere: { a: 1 } })).toEqual({
      'pharmacy-info': { name: 'x' },
    });
  });
});
