/**
 * The editor's preview runs sandboxed, as an opaque origin, where merely reading `sessionStorage`
 * or `localStorage` throws a SecurityError. The wizard's storage must then degrade silently: the
 * answers live as long as the page, and nothing throws.
 */
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carryOverDrafts } from '../../../src/client/state/version-drafts.js';
import { useWizardStore, WizardStoreProvider, type WizardStore } from '../../../src/client/state/wizard-store.js';
import { loadRealWizard } from '../shared/schemas-fixture.js';

const STORAGES = ['sessionStorage', 'localStorage'] as const;

function refuseStorage(): void {
  for (const name of STORAGES) {
    Object.defineProperty(window, name, {
      configurable: true,
      get: () => {
        throw new DOMException(`The document is sandboxed and lacks the 'allow-same-origin' flag.`, 'SecurityError');
      },
    });
  }
}

describe('storage in an opaque origin', () => {
  const original = Object.fromEntries(STORAGES.map((name) => [name, Object.getOwnPropertyDescriptor(window, name)]));
  beforeEach(() => {
    vi.resetModules();
    refuseStorage();
  });
  afterEach(() => {
    for (const name of STORAGES) Object.defineProperty(window, name, original[name]!);
  });

  it('leaves the wizard store working in memory', () => {
    let store: WizardStore | undefined;
    function Probe() {
      store = useWizardStore();
      return null;
    }
    render(
      <WizardStoreProvider>
        <Probe />
      </WizardStoreProvider>,
    );
    act(() => {
      store!.actions.setDraft('pharmacy-info', { name: 'داروخانه رازی' });
      store!.actions.markCompleted('pharmacy-info');
    });
    expect(store!.state.drafts['pharmacy-info']).toEqual({ name: 'داروخانه رازی' });
    expect(store!.state.completed).toContain('pharmacy-info');
  });

  it('carries no drafts over, and the verified mobiles are remembered for the page only', async () => {
    expect(carryOverDrafts(undefined, 'abc123', loadRealWizard())).toBe(false);
    const { mobileVerification } = await import('../../../src/client/api/mobile-verification.js');
    expect(mobileVerification.isVerified('09123456789')).toBe(false);
  });
});
