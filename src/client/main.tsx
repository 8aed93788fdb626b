import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
// Before the wizard's own modules: they are evaluated in a later task than React (app/after-react.ts).
import './app/after-react.js';
import './styles/fonts.css';
import './styles/app.css';
import { fa } from '../shared/text/wizard-strings.fa.js';
import { loadRegisterConfig } from './api/config.js';
import { loadFormStepPage, WizardApp } from './app/WizardApp.js';
import { fetchVersionSource, readyDefinitionOf, type ReadyDefinition } from './definition/source.js';
import { carryOverDrafts, storageKeyFor } from './state/version-drafts.js';
import { startInsights } from './state/insights.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// Each step's page arrives with its first screen rendered at build time (data-prerendered on
// #root); any other path gets the empty shell and is rendered here.
const prerendered = container.dataset.prerendered !== undefined;

let markTakenOver!: () => void;
/** Settled with data-hydrated: what waits for the page to work first (the insights sender). */
const takenOver = new Promise<void>((resolve) => {
  markTakenOver = resolve;
});

/**
 * Marks #root with data-hydrated once React has taken the page over (the first commit's effects
 * run after hydration), then fetches the next steps' code the page listed for when it is idle.
 * Tests and the benchmark wait for the mark instead of guessing when the page became interactive.
 */
function Hydrated(): null {
  useEffect(() => {
    container!.dataset.hydrated = '';
    markTakenOver();
    const idleModules = container!.dataset.idleModules?.split(' ').filter(Boolean) ?? [];
    if (idleModules.length > 0) preloadWhenIdle(idleModules);
  }, []);
  return null;
}

function app(definition: ReadyDefinition, carriedOver: boolean) {
  return (
    <StrictMode>
      <Hydrated />
      <BrowserRouter>
        {/* A pre-rendered page preloads the form steps' code itself (its head, or data-idle-modules). */}
        <WizardApp
          wizard={definition.wizard}
          loadValidators={definition.loadValidators}
          stepTest={definition.stepTest}
          version={definition.version}
          storageKey={storageKeyFor(definition.version)}
          notice={carriedOver ? fa.wizardVersions.carriedOver : undefined}
          prefetch={!prerendered}
          prerendered={prerendered}
        />
      </BrowserRouter>
    </StrictMode>
  );
}

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

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The live version this page was made for (Register/Config, inlined into the page by the server),
 * its definition (the page's loader has it on the way) and, for conditional steps, its conditions.
 */
async function loadLiveDefinition(): Promise<ReadyDefinition> {
  const { definitionVersion, analytics } = await loadRegisterConfig();
  const definition = await readyDefinitionOf(await fetchVersionSource(definitionVersion));
  // «رفتار فرم»: its sender loads once the page is hydrated; with ANALYTICS=off nothing is kept at all.
  startInsights(definition.version, analytics !== false, takenOver);
  return definition;
}

/** The page stays as it was rendered, with a Persian line saying the form could not load. */
function showNotLoaded(): void {
  const line = document.createElement('p');
  line.className = 'app-load-failure';
  line.setAttribute('role', 'alert');
  line.textContent = fa.wizardVersions.notLoaded;
  document.body.prepend(line);
}

async function start(): Promise<void> {
  // A form step's HTML stays as it is until its code is in: start fetching it now (the page's
  // loader has it on the way as modulepreloads), not when React reaches it.
  if (container!.dataset.prerendered === 'form') void loadFormStepPage().catch(() => undefined);
  const definition = await loadLiveDefinition();
  const carriedOver = carryOverDrafts(sessionStore(), definition.version, definition.wizard);
  if (!prerendered) {
    createRoot(container!).render(app(definition, carriedOver));
    return;
  }
  // Hydration as a transition renders in slices of a few ms with the main thread free between
  // them (an urgent hydration is one long task); the page is already on screen, and a tap or key
  // meanwhile makes React hydrate that part first.
  startTransition(() => {
    hydrateRoot(container!, app(definition, carriedOver));
  });
}

start().catch(showNotLoaded);
