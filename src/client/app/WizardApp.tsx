import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useSearchParams } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import type { StepTest } from '../../shared/definition/step-conditions.js';
import type { LoadedStep, LoadedWizard } from '../../shared/definition/wizard-definition.js';
import { fa } from '../../shared/text/wizard-strings.fa.js';
import { loadRegisterConfig } from '../api/config.js';
import { ContentStepPage } from '../pages/ContentStepPage.js';
import { WizardStoreProvider, useStoreRestored, useWizardActions, useWizardState } from '../state/wizard-store.js';
import { canOpen, fallbackStep } from '../wizard/navigation.js';
import { Header } from '../wizard/Header.js';
import { Stepper } from './Stepper.js';
import { wantsWidePage } from '../../../widgets/declarations.js';
import { parseTierParam } from '../wizard/tier.js';
import { useStepHeading } from '../wizard/use-step-heading.js';
import { useStepReach } from '../wizard/use-step-reach.js';
import {
  ActiveStepsProvider,
  WizardEnvProvider,
  useWizard,
  useWizardEnv,
  type ValidatorLoader,
} from '../wizard/wizard-env.js';
import { STATUS_ROUTE } from '../../shared/contracts/followup.js';

/** The form steps' code (RJSF, the widgets, the validators): its own chunk, never on /welcome. */
export const loadFormStepPage = () => import('../form/FormStepPage.js');
const FormStepPage = lazy(loadFormStepPage);
const ReviewStepPage = lazy(() => import('../pages/ReviewStepPage.js'));
/** /status has its own shell and page, fetched when opened: no step carries them. */
const StatusShell = lazy(() => import('../status/StatusShell.js').then((module) => ({ default: module.StatusShell })));

export interface WizardAppProps {
  /** The definition to render: schemas/ in the app, any copy in tests. */
  wizard: LoadedWizard;
  /** Loads the definition with its schemas when `wizard` is the shell part (the app); tests omit it. */
  loadFullWizard?: () => Promise<LoadedWizard>;
  loadValidators: ValidatorLoader;
  /** React Query client of the form steps (the app creates one for the session when omitted). */
  queryClient?: QueryClient;
  /** Where the draft survives a reload (sessionStorage by default). */
  storage?: Storage;
  storageKey?: string;
  /** Evaluates the steps' `when` (wizard.json): the precompiled conditions in the app. */
  stepTest?: StepTest;
  /** Warm the form steps' chunk once the browser is idle (on in the app). */
  prefetch?: boolean;
  /** Rendered on the server or hydrating that HTML: the stored draft is read after hydration. */
  prerendered?: boolean;
  /** The definition's version: sent with the registration (the server validates against it). */
  version?: string;
  /** A staff preview: nothing is posted or counted; the final step shows the body instead. */
  preview?: boolean;
  /** A line for the manager above the step once the page is theirs (answers carried over to a new version). */
  notice?: string;
}

/**
 * The whole wizard below a router: providers (the definition, the shared draft; React Query is
 * provided by the form steps, whose chunk carries it) and the routes generated from the
 * definition. `main.tsx` puts it in a BrowserRouter, tests in a MemoryRouter with their own
 * definition.
 */
export function WizardApp({
  wizard,
  loadFullWizard,
  loadValidators,
  queryClient,
  stepTest,
  storage,
  storageKey,
  prefetch = false,
  prerendered = false,
  version,
  preview = false,
  notice,
}: WizardAppProps) {
  return (
    <WizardEnvProvider
      wizard={wizard}
      loadFullWizard={loadFullWizard}
      loadValidators={loadValidators}
      queryClient={queryClient}
      stepTest={stepTest}
      version={version}
      preview={preview}
    >
      <WizardStoreProvider storage={storage} storageKey={storageKey} restoreAfterHydration={prerendered}>
        <ActiveStepsProvider>
          <WizardRoutes prefetch={prefetch} notice={notice} />
        </ActiveStepsProvider>
      </WizardStoreProvider>
    </WizardEnvProvider>
  );
}

/** One route per step of the definition; any other path goes to the first step (/welcome). */
export function WizardRoutes({ prefetch = false, notice }: { prefetch?: boolean; notice?: string }) {
  const wizard = useWizard();
  const first = wizard.steps[0];
  return (
    <Routes>
      {/* «پیگیری ثبت‌نام»: in the wizard's shell, not a step of it. */}
      <Route
        path={STATUS_ROUTE}
        element={
          <Suspense fallback={null}>
            <StatusShell />
          </Suspense>
        }
      />
      <Route element={<AppShell prefetch={prefetch} notice={notice} />}>
        {wizard.steps.map((step) => (
          <Route key={step.id} path={step.route} element={<StepRoute step={step} />} />
        ))}
        <Route path="*" element={<RedirectTo route={first.route} />} />
      </Route>
    </Routes>
  );
}

/** Redirect that keeps the query (`?tier=`), so a plan in a mistyped link is not lost. */
function RedirectTo({ route }: { route: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: route, search }} replace />;
}

function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 4000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1500);
  return () => window.clearTimeout(handle);
}

/** The application root: header, stepper and the routed step. */
function AppShell({ prefetch, notice }: { prefetch: boolean; notice?: string }) {
  const wizard = useWizard();
  const env = useWizardEnv();
  const state = useWizardState();
  const actions = useWizardActions();
  const restored = useStoreRestored();
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const current = wizard.steps.find((step) => step.route === pathname);
  // Register/Config is wanted by welcome (the plan) and the map: start it with the shell.
  useEffect(() => {
    loadRegisterConfig().catch(() => undefined);
  }, []);

  const tierParam = searchParams.get('tier');
  useEffect(() => {
    if (tierParam !== null) actions.setTier(parseTierParam(tierParam));
  }, [tierParam, actions]);
  // A step is counted with its plan, so only once `?tier=` has reached the store.
  useStepReach(current, tierParam === null || state.tier === parseTierParam(tierParam));

  useEffect(() => {
    if (!prefetch) return undefined;
    return whenIdle(() => {
      void loadFormStepPage().catch(() => undefined);
      void env.fullWizard().catch(() => undefined);
      void env.validators().catch(() => undefined);
    });
  }, [prefetch, env]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {fa.ui.skipToContent}
      </a>
      <Header />
      <div className={`app-body${current && hasWideLayout(current) ? ' app-body--wide' : ''}`}>
        <Stepper steps={wizard.steps} currentId={current?.id} completed={state.completed} />
        <main id="main" className="app-main" tabIndex={-1}>
          {/* Never in the server's HTML: shown once the tab's own state is in. */}
          {notice && restored && (
            <p className="app-notice" role="status">
              {notice}
            </p>
          )}
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** Guards a step (a later step opened directly goes to the first incomplete one) and renders it. */
function StepRoute({ step }: { step: LoadedStep }) {
  const wizard = useWizard();
  const state = useWizardState();
  // The HTML of every step is rendered for a visitor who may open it; the guard applies once the
  // tab's own state is in.
  const restored = useStoreRestored();
  const { search } = useLocation();
  if (restored && !canOpen(wizard, step, state)) {
    const target = fallbackStep(wizard, state);
    if (target.id !== step.id) return <Navigate to={{ pathname: target.route, search }} replace />;
  }
  if (step.kind === 'form') return <FormStepRoute key={step.id} step={step} />;
  if (step.kind === 'review') return <ReviewStepRoute key={step.id} step={step} />;
  return <ContentStepPage key={step.id} step={step} />;
}

function ReviewStepRoute({ step }: { step: LoadedStep }) {
  const heading = useStepHeading(step.title);
  return (
    <section className="step step--review" aria-labelledby={`${step.id}-heading`}>
      <h1 id={`${step.id}-heading`} ref={heading} tabIndex={-1} className="step__title">
        {step.title}
      </h1>
      <Suspense fallback={<StepPlaceholder step={step} />}>
        <ReviewStepPage step={step} />
      </Suspense>
    </section>
  );
}

function FormStepRoute({ step }: { step: LoadedStep }) {
  const heading = useStepHeading(step.title);
  return (
    <section className="step step--form" aria-labelledby={`${step.id}-heading`}>
      <h1 id={`${step.id}-heading`} ref={heading} tabIndex={-1} className="step__title">
        {step.title}
      </h1>
      <Suspense fallback={<StepPlaceholder step={step} />}>
        <FormStepPage step={step} />
      </Suspense>
    </section>
  );
}

/** A step with a widget that declares the wide layout (the map) gets the wide page. */
function hasWideLayout(step: LoadedStep): boolean {
  return wantsWidePage(step.ui);
}

/** Space the lazy form takes, so nothing shifts when it arrives. */
function StepPlaceholder({ step }: { step: LoadedStep }): ReactNode {
  const withMap = hasWideLayout(step);
  return (
    <div className={`step-placeholder${withMap ? ' step-placeholder--with-map' : ''}`} role="status" aria-live="polite">
      <span className="step-placeholder__text">{fa.ui.loading}</span>
    </div>
  );
}
