/**
 * Build-time rendering of each step's first screen (the server side of the build only; see
 * build/prerender-plugin.ts): the page a new visitor sees, with the form steps' code, the whole
 * definition and the validators resolved, so the HTML carries the empty form.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { apiPaths } from '../shared/api-contract.js';
import type { LoadedStep } from '../shared/wizard-definition.js';
import { WizardApp } from './app/WizardApp.js';
import { documentTitle } from './app/use-step-heading.js';
import type { ValidatorFactory } from './app/wizard-env.js';
import { stepTest } from './step-test.js';
import { loadFullWizard, shellWizard } from './wizard-source.js';

const loadValidators = (): Promise<ValidatorFactory> =>
  import('./form/precompiled.js').then((module) => module.precompiledValidatorFactory);

export interface PrerenderedStep {
  route: string;
  kind: LoadedStep['kind'];
  documentTitle: string;
  /** The custom widgets its uiSchema names (which chunks and answers the page should fetch early). */
  widgets: string[];
  /** GET answers its widgets ask for as soon as they mount: the page preloads them. */
  fetches: string[];
}

/** Answers a widget asks for when it mounts. */
const widgetFetches: Record<string, string> = {
  provinceSelect: apiPaths.locations,
  citySelect: apiPaths.locations,
  captcha: apiPaths.captcha,
};

function widgetsOf(ui: unknown, found = new Set<string>()): Set<string> {
  if (typeof ui !== 'object' || ui === null) return found;
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget' && typeof value === 'string') found.add(value);
    else widgetsOf(value, found);
  }
  return found;
}

export const steps: PrerenderedStep[] = shellWizard.steps.map((step) => {
  const widgets = [...widgetsOf(step.ui)];
  const fetches = [...new Set(widgets.flatMap((widget) => widgetFetches[widget] ?? []))];
  return { route: step.route, kind: step.kind, documentTitle: documentTitle(step.title), widgets, fetches };
});

/** The HTML inside #root for one route. */
export async function renderRoute(route: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={route}>
        <WizardApp
          wizard={shellWizard}
          loadFullWizard={loadFullWizard}
          loadValidators={loadValidators}
          stepTest={stepTest}
          prerendered
        />
      </StaticRouter>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
