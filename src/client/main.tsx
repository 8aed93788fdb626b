import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './styles/fonts.css';
import './styles/app.css';
import { loadFormStepPage, WizardApp } from './app/WizardApp.js';
import type { ValidatorFactory } from './app/wizard-env.js';
import { loadFullWizard, shellWizard } from './wizard-source.js';
import { stepTest } from './step-test.js';

/** Precompiled validators load with the form steps' chunk, never on /welcome. */
const loadValidators = (): Promise<ValidatorFactory> =>
  import('./form/precompiled.js').then((module) => module.precompiledValidatorFactory);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// Each step's page arrives with its first screen rendered at build time (data-prerendered on
// #root); any other path gets the empty shell and is rendered here.
const prerendered = container.dataset.prerendered !== undefined;

/**
 * Marks #root with data-hydrated once React has taken the page over (the first commit's effects
 * run after hydration), then fetches the next steps' code the page listed for when it is idle.
 * Tests and the benchmark wait for the mark instead of guessing when the page became interactive.
 */
function Hydrated(): null {
  useEffect(() => {
    container!.dataset.hydrated = '';
    const idleModules = container!.dataset.idleModules?.split(' ').filter(Boolean) ?? [];
    if (idleModules.length > 0) preloadWhenIdle(idleModules);
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <Hydrated />
    <BrowserRouter>
      {/* A pre-rendered page preloads the form steps' code itself (its head, or data-idle-modules). */}
      <WizardApp
        wizard={shellWizard}
        loadFullWizard={loadFullWizard}
        loadValidators={loadValidators}
        stepTest={stepTest}
        prefetch={!prerendered}
        prerendered={prerendered}
      />
    </BrowserRouter>
  </StrictMode>
);

/** Adds a modulepreload per module the page lists for when it is idle (fetched, not run). */
function preloadWhenIdle(modules: string[]): void {
  const preload = () => {
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(preload, { timeout: 4000 });
  else window.setTimeout(preload, 1500);
}

if (prerendered) {
  // A form step's HTML stays as it is until its code is in: start fetching it now (the page's
  // loader has it on the way as modulepreloads), not when React reaches it.
  if (container.dataset.prerendered === 'form') {
    void loadFormStepPage().catch(() => undefined);
  }
  // Hydration as a transition renders in slices of a few ms with the main thread free between
  // them (an urgent hydration is one long task); the page is already on screen, and a tap or key
  // meanwhile makes React hydrate that part first.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
