/**
 * The one way the client tests render the wizard: <WizardApp> (providers, shared draft, routes)
 * inside a MemoryRouter, for a given definition (the real schemas/ by default, or any copy), with
 * a runtime ajv validator (a test's definition has no build-time validators) and `fetch` mocked at
 * the network boundary only.
 */
import { act, cleanup, configure, render, screen, type RenderResult } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { afterEach, vi } from 'vitest';
import { WizardApp } from '../../../src/client/app/WizardApp.js';
import type { ValidatorFactory } from '../../../src/client/wizard/wizard-env.js';
import { clearRegisterConfigCache } from '../../../src/client/api/config.js';
import { wizardValidatorOptions } from '../../../src/client/build/ajv-options.js';
import { DEFAULT_STORAGE_KEY, type WizardState } from '../../../src/client/state/wizard-storage.js';
import type { Captcha, Locations, RegisterConfig } from '../../../src/shared/contracts/wizard-api.schemas.js';
import type { LoadedStep, LoadedWizard } from '../../../src/shared/definition/wizard-definition.js';
import { loadRealWizard } from '../shared/schemas-fixture.js';
import { Ajv, type ValidateFunction } from 'ajv';
import { addWizardVocabulary, wizardAjvOptions } from '../../../src/shared/definition/ajv-config.js';
import type { StepTest } from '../../../src/shared/definition/step-conditions.js';

// The form steps' chunk (RJSF, widgets) is lazy in the app; loading it once up front keeps each
// test's first form render within Testing Library's default wait.
await import('../../../src/client/form/FormStepPage.js');

// A loaded machine (other suites running) can take longer than the 1 s default to render a step.
configure({ asyncUtilTimeout: 5000 });
// Whole journeys (typing, several steps) take a few seconds under jsdom.
vi.setConfig({ testTimeout: 30_000 });

// Vitest runs without globals here, so Testing Library's cleanup is registered by hand.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

/** RJSF's runtime ajv validator with the wizard's options (formats, `errorMessage` annotation), one per step. */
export function runtimeValidatorFactory(): ValidatorFactory {
  const cache = new Map<LoadedStep, ValidatorType>();
  return (step) => {
    let validator = cache.get(step);
    if (!validator) {
      validator = customizeValidator<unknown, RJSFSchema>(wizardValidatorOptions);
      cache.set(step, validator);
    }
    return validator;
  };
}

/** The steps' `when`, compiled at run time with the wizard's one ajv configuration. */
export function runtimeStepTest(): StepTest {
  const ajv = addWizardVocabulary(new Ajv(wizardAjvOptions));
  const compiled = new Map<string, ValidateFunction>();
  return (step, answers) => {
    let validate = compiled.get(step.id);
    if (!validate) compiled.set(step.id, (validate = ajv.compile({ type: 'object', ...step.when })));
    return validate(answers) === true;
  };
}

export const registerConfig: RegisterConfig = {
  tiers: [
    { id: 1, title: 'طرح آزمایشی' },
    { id: 2, title: 'طرح پایه' },
    { id: 3, title: 'طرح پیشرفته' },
  ],
  defaultTier: 1,
  map: {
    provider: 'osm',
    tileUrl: 'https://tile.invalid/{z}/{x}/{y}.png',
    type: 'dreamy',
    poi: true,
    traffic: false,
    center: { latitude: 35.72, longitude: 51.39 },
    zoom: 11,
    flyToZoom: 14,
    flyToDurationSeconds: 1.5,
    marker: { width: 80, height: 120 },
  },
  definitionVersion: 'test',
};

export const locations: Locations = {
  provinces: [
    { id: 8, name: 'تهران', latitude: 35.69, longitude: 51.39 },
    { id: 4, name: 'اصفهان', latitude: 32.65, longitude: 51.67 },
  ],
  cities: [
    { id: 301, name: 'تهران', provinceId: 8, latitude: 35.69, longitude: 51.39 },
    { id: 120, name: 'اصفهان', provinceId: 4, latitude: 32.65, longitude: 51.67 },
    { id: 203, name: 'کاشان', provinceId: 4, latitude: 33.985036, longitude: 51.409963 },
  ],
};

export const captcha: Captcha = {
  id: 'captcha-1',
  question: 'حاصل دو به‌علاوه سه چند است؟',
  options: ['چهار', 'پنج', 'شش'],
};

export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

export interface FakeApi {
  calls: FetchCall[];
  /** Replaces the answer for "METHOD /path" (path without the query). */
  on: (route: string, reply: (call: FetchCall) => Reply) => void;
  callsTo: (route: string) => FetchCall[];
}

/** A stand-in for the server at the fetch boundary, answering the contract routes by default. */
export function installFakeApi(): FakeApi {
  const calls: FetchCall[] = [];
  let captchaCount = 0;
  const routes = new Map<string, (call: FetchCall) => Reply>([
    ['GET /api/Register/Config', () => ({ status: 200, body: registerConfig })],
    ['GET /api/Utility/Locations', () => ({ status: 200, body: locations })],
    ['GET /api/Statistic/Register', () => ({ status: 204 })],
    ['GET /api/Statistic/Step', () => ({ status: 204 })],
    [
      'GET /api/Register/GetCaptcha',
      () => {
        captchaCount += 1;
        return { status: 200, body: captchaCount === 1 ? captcha : { ...captcha, id: `captcha-${captchaCount}` } };
      },
    ],
    ['POST /api/Register/Pharmacy', () => ({ status: 200, body: { message: 'ثبت شد.', trackingCode: 'PH-7K3Q9' } })],
  ]);
  const routeOf = (url: string, method: string) => `${method} ${new URL(url, 'http://localhost').pathname}`;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : input.toString();
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { url, method, headers, body };
    calls.push(call);
    const handler = routes.get(routeOf(url, method));
    const reply = handler
      ? await handler(call)
      : { status: 404, body: { error: { message: 'پیدا نشد', code: 'not_found' } } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    on: (route, reply) => routes.set(route, reply),
    callsTo: (route) => calls.filter((call) => routeOf(call.url, call.method) === route),
  };
}

/** Shows where the router is, for assertions on navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </output>
  );
}

export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export interface RenderWizardOptions {
  /** The URL the visit starts at. */
  route?: string;
  /** The definition to render; the real schemas/ by default. */
  wizard?: LoadedWizard;
  /** Shared state as a previous page load left it in sessionStorage. */
  state?: Partial<WizardState>;
  queryClient?: QueryClient;
}

export interface RenderedWizard extends RenderResult {
  wizard: LoadedWizard;
  queryClient: QueryClient;
  /** Renders the app again over the same sessionStorage (a page reload). */
  reload: (route?: string) => Promise<RenderResult>;
}

/**
 * Rendered inside an awaited act(): the steps suspend (lazy chunk, validators, schemas) and React
 * only retries a suspended render of an act scope that is awaited.
 */
async function renderInAct(ui: React.ReactElement): Promise<RenderResult> {
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(ui);
  });
  return result as RenderResult;
}

export async function renderWizard(options: RenderWizardOptions = {}): Promise<RenderedWizard> {
  const wizard = options.wizard ?? loadRealWizard();
  if (options.state) {
    window.sessionStorage.setItem(
      DEFAULT_STORAGE_KEY,
      JSON.stringify({ drafts: {}, completed: [], serverErrors: {}, ...options.state }),
    );
  }
  const factory = runtimeValidatorFactory();
  const stepTest = runtimeStepTest();
  const loadValidators = () => Promise.resolve(factory);
  const makeClient = () =>
    options.queryClient ??
    new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
    });
  const tree = (route: string, queryClient: QueryClient) => (
    <MemoryRouter initialEntries={[route]}>
      <WizardApp wizard={wizard} loadValidators={loadValidators} queryClient={queryClient} stepTest={stepTest} />
      <LocationProbe />
    </MemoryRouter>
  );
  clearRegisterConfigCache();
  const queryClient = makeClient();
  const result = await renderInAct(tree(options.route ?? '/welcome', queryClient));
  return {
    ...result,
    wizard,
    queryClient,
    reload: async (route = options.route ?? '/welcome') => {
      result.unmount();
      clearRegisterConfigCache();
      return renderInAct(tree(route, makeClient()));
    },
  };
}

/**
 * Clicks inside an awaited act(): a click that navigates renders the next step in a router
 * transition, which suspends (lazy widgets) and is only retried within an awaited act scope.
 */
export async function press(user: { click: (element: Element) => Promise<void> }, element: Element): Promise<void> {
  await act(async () => {
    await user.click(element);
  });
}

/** A deep copy of the real definition to edit in a test. */
export function copyOfRealWizard(): LoadedWizard {
  return structuredClone(loadRealWizard());
}
