/**
 * The server-side entry Vite builds once (build/prerender-plugin.ts) and the server loads from its
 * build folder (src/shared/definition/page-renderer.ts): renders each step's first screen of a version, the
 * page a new visitor sees, with the whole definition and its validators resolved, so the HTML
 * carries the empty form. Node only; the server calls it at publish and at start.
 */
import { readFileSync } from 'node:fs';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { Ajv, type ValidateFunction } from 'ajv';
import { addWizardVocabulary, wizardAjvOptions } from '../shared/definition/ajv-config.js';
import { definitionAssetPaths } from '../shared/definition/definition-assets.js';
import { STATUS_ROUTE } from '../shared/contracts/followup.js';
import { fa } from '../shared/text/wizard-strings.fa.js';
import type { DefinitionFiles } from '../shared/definition/definition-files.js';
import type { PageRenderer, RenderedPage } from '../shared/definition/page-renderer.js';
import { hasStepConditions, type StepTest } from '../shared/definition/step-conditions.js';
import { wizardValidatorOptions } from '../shared/definition/validators-code.js';
import { stepWidgetNeeds } from '../shared/definition/widget-declarations.js';
import { loadWizard, type LoadedStep, type LoadedWizard } from '../shared/definition/wizard-definition.js';
import { WizardApp } from './app/WizardApp.js';
import { documentTitle } from './wizard/use-step-heading.js';
import type { ValidatorFactory } from './wizard/wizard-env.js';
import { composePage, type PageStep } from './ssr/page.js';
import { PAGE_ASSETS_FILE, type PageAssets } from './ssr/page-assets.js';

/**
 * RJSF's runtime validator with the wizard's options: on the server, ajv may compile (no CSP);
 * it judges alike the functions the browser runs, which the same options generated.
 */
function runtimeValidators(): ValidatorFactory {
  const cache = new Map<string, ValidatorType>();
  return (step: LoadedStep) => {
    let validator = cache.get(step.id);
    if (!validator) cache.set(step.id, (validator = customizeValidator<unknown, RJSFSchema>(wizardValidatorOptions)));
    return validator;
  };
}

function runtimeStepTest(): StepTest {
  const ajv = addWizardVocabulary(new Ajv(wizardAjvOptions));
  const compiled = new Map<string, ValidateFunction>();
  return (step, answers) => {
    let validate = compiled.get(step.id);
    if (!validate) compiled.set(step.id, (validate = ajv.compile({ type: 'object', ...step.when })));
    return validate(answers) === true;
  };
}

function pageStep(step: LoadedStep): PageStep {
  const { fetches, lazyModules } = stepWidgetNeeds(step.ui);
  return { route: step.route, kind: step.kind, documentTitle: documentTitle(step.title), fetches, lazyModules };
}

function readAssets(): PageAssets {
  return JSON.parse(readFileSync(new URL(`./${PAGE_ASSETS_FILE}`, import.meta.url), 'utf8')) as PageAssets;
}

let assets: PageAssets | undefined;

/** The HTML inside #root for one route of a definition. */
async function renderRoute(wizard: LoadedWizard, version: string, route: string): Promise<string> {
  const validators = runtimeValidators();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={route}>
        <WizardApp
          wizard={wizard}
          loadValidators={() => Promise.resolve(validators)}
          stepTest={hasStepConditions(wizard) ? runtimeStepTest() : undefined}
          version={version}
          prerendered
        />
      </StaticRouter>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

async function renderPages({ version, files }: { version: string; files: DefinitionFiles }): Promise<RenderedPage[]> {
  assets ??= readAssets();
  const wizard = loadWizard((file) => files[file.replace(/^\.\//, '')]);
  const pages: RenderedPage[] = [];
  for (const step of wizard.steps) {
    const html = await renderRoute(wizard, version, step.route);
    pages.push({
      route: step.route,
      html: composePage(assets, pageStep(step), html, {
        definition: definitionAssetPaths.definition(version),
        validators: definitionAssetPaths.validators(version),
      }),
    });
  }
  // «پیگیری ثبت‌نام»: in the wizard's shell, rendered with the steps.
  const status: PageStep = {
    route: STATUS_ROUTE,
    kind: 'status',
    documentTitle: documentTitle(fa.followup.status.title),
    fetches: [],
    lazyModules: [],
  };
  pages.push({
    route: STATUS_ROUTE,
    html: composePage(assets, status, await renderRoute(wizard, version, STATUS_ROUTE), {
      definition: definitionAssetPaths.definition(version),
      validators: definitionAssetPaths.validators(version),
    }),
  });
  return pages;
}

export const renderer: PageRenderer = { renderPages };
export { renderPages };
