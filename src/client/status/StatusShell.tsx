import { lazy, Suspense } from 'react';
import { fa } from '../../shared/text/wizard-strings.fa.js';
import { Header } from '../wizard/Header.js';

/** The status page's code (its form, React Query): its own chunk, never the form steps' code. */
export const loadStatusPage = () => import('./StatusPage.js');
const StatusPage = lazy(loadStatusPage);

/**
 * /status in the wizard's shell: the same skip link and header, no stepper (it is no step of the
 * registration). Pre-rendered at build time like the steps (src/client/prerender.tsx).
 */
export function StatusShell() {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {fa.ui.skipToContent}
      </a>
      <Header />
      <div className="app-body">
        <main id="main" className="app-main" tabIndex={-1}>
          <Suspense
            fallback={
              <div className="step-placeholder" role="status" aria-live="polite">
                <span className="step-placeholder__text">{fa.ui.loading}</span>
              </div>
            }
          >
            <StatusPage />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
