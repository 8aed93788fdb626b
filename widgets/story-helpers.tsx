/**
 * Shared by the widget stories and the widget unit tests:
 * - `createSeededClient` / `WidgetProviders` / `withWidgetProviders`: a fresh QueryClient per story
 *   whose API answers are seeded (`setQueryData`), pending forever (loading) or rejected (error),
 *   so no story touches the network; plus RTL `dir="rtl" lang="fa"`.
 * - `renderField`: a story's render for one field of a step, through `WidgetForm` (widget-form.tsx),
 *   the one way stories and tests mount a widget.
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import type { Decorator, Meta } from '@storybook/react-vite';
import { WidgetForm, type StepFiles } from './widget-form.js';
import { widgetDocs } from './story-docs.js';
import { addressSuggestionPath, serviceKeys, WidgetServicesContext, type WidgetServices } from './services.js';
import { storyMobileVerification } from './verify/story-verification.js';
import { apiPaths } from '../src/shared/contracts/wizard-api.js';
import type {
  AddressSuggestion,
  Captcha,
  Locations,
  RegisterConfig,
} from '../src/shared/contracts/wizard-api.schemas.js';
import { fa } from '../src/shared/text/wizard-strings.fa.js';

/** How a story wants one API answer: the data, forever loading, or failed. */
export type Seed<T> = T | 'loading' | 'error';

export interface ApiSeeds {
  config?: Seed<RegisterConfig>;
  locations?: Seed<Locations>;
  captcha?: Seed<Captcha>;
}

/** The failure seeded for `'error'`: what the app's client reports offline (its Persian message). */
export function seededError(): Error {
  return new Error(fa.errors.network);
}

/** A fresh QueryClient whose config / locations / captcha queries start as the seeds say. */
export function createSeededClient(seeds: ApiSeeds = {}): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const seed = <T,>(key: readonly unknown[], value: Seed<T> | undefined) => {
    if (value === undefined) return;
    // A seeded failure stays a failure when a widget mounts (no automatic refetch on mount).
    client.setQueryDefaults(key, { retryOnMount: false, retry: false });
    if (value === 'loading') {
      void client.prefetchQuery({ queryKey: key, queryFn: () => new Promise<T>(() => undefined) });
    } else if (value === 'error') {
      // Failed already at the first render (a rejected prefetch would settle only a tick later).
      const query = client.getQueryCache().build(client, { queryKey: key });
      query.setState({
        status: 'error',
        error: seededError(),
        errorUpdateCount: 1,
        errorUpdatedAt: Date.now(),
        fetchFailureCount: 1,
        fetchFailureReason: seededError(),
      });
    } else {
      client.setQueryData(key, value);
    }
  };
  seed(serviceKeys.config, seeds.config);
  seed(serviceKeys.locations, seeds.locations);
  seed(serviceKeys.captcha, seeds.captcha);
  return client;
}

async function fetchJson<T>(path: string): Promise<T> {
  const response = await fetch(path);
  if (!response.ok) throw seededError();
  return (await response.json()) as T;
}

/**
 * The widgets' services for stories: the seeded cache entries, and a plain GET (answered by the
 * story's fetch stub) for a refetch such as «پرسش تازه». The app's own implementation is
 * src/client/api/widget-services.ts.
 */
export const storyServices: WidgetServices = {
  mobileVerification: storyMobileVerification(),
  useRegisterConfig: () =>
    useQuery({
      queryKey: serviceKeys.config,
      queryFn: () => fetchJson<RegisterConfig>(apiPaths.config),
      staleTime: Infinity,
    }),
  useLocations: () =>
    useQuery({
      queryKey: serviceKeys.locations,
      queryFn: () => fetchJson<Locations>(apiPaths.locations),
      staleTime: Infinity,
    }),
  useCaptcha: () =>
    useQuery({
      queryKey: serviceKeys.captcha,
      queryFn: () => fetchJson<Captcha>(apiPaths.captcha),
      staleTime: Infinity,
    }),
  useAddressSuggestion: (point) =>
    useQuery({
      queryKey: [...serviceKeys.address, point?.latitude, point?.longitude],
      queryFn: () => fetchJson<AddressSuggestion>(addressSuggestionPath(point!)),
      enabled: point !== undefined,
      staleTime: Infinity,
      retry: false,
    }),
};

/** RTL Persian page around a QueryClient (a given one, or a fresh one seeded from `api`) and the story services. */
export function WidgetProviders({
  api,
  client,
  verifiedMobiles,
  children,
}: {
  api?: ApiSeeds;
  client?: QueryClient;
  /** Mobile numbers already verified in this visit (a field declared `"verify": "sms"`). */
  verifiedMobiles?: string[];
  children: ReactNode;
}) {
  const [own] = useState(() => client ?? createSeededClient(api));
  // Each story starts with its own verifications: one verified in another story stays there.
  const [services] = useState<WidgetServices>(() => ({
    ...storyServices,
    mobileVerification: storyMobileVerification(verifiedMobiles),
  }));
  return (
    <QueryClientProvider client={own}>
      <WidgetServicesContext value={services}>
        <div dir="rtl" lang="fa" className="story-page" style={{ maxWidth: '40rem', padding: '1rem' }}>
          {children}
        </div>
      </WidgetServicesContext>
    </QueryClientProvider>
  );
}

/** Storybook decorator: `parameters.api` (ApiSeeds) seeds a fresh QueryClient for each story. */
export const withWidgetProviders: Decorator = (Story, context) => (
  <WidgetProviders
    key={context.id}
    api={context.parameters.api as ApiSeeds | undefined}
    verifiedMobiles={context.parameters.verifiedMobiles as string[] | undefined}
  >
    <Story />
  </WidgetProviders>
);

/** The part of a widget story that Storybook controls edit. */
export interface WidgetStoryArgs {
  value?: unknown;
  siblings?: Record<string, unknown>;
  rawErrors?: string[];
  disabled?: boolean;
  readonly?: boolean;
}

/**
 * A story `render` for one field of a step's JSON files, mounted as the tests mount it (WidgetForm:
 * RJSF's Form with the wizard's registry) and re-mounted when a control changes the starting value
 * or siblings. `standIn` replaces the registered widget (a story wrapping it).
 */
export function renderField(step: StepFiles, name: string, standIn?: ComponentType<WidgetProps>) {
  const fields = [name];
  const registered = (step.uiSchema[name] as { 'ui:widget'?: unknown } | undefined)?.['ui:widget'];
  const widgets = standIn && typeof registered === 'string' ? { [registered]: standIn } : undefined;
  function FieldStory(args: WidgetStoryArgs) {
    return (
      <WidgetForm
        key={JSON.stringify([args.value, args.siblings])}
        step={step}
        fields={fields}
        formData={{ ...args.siblings, [name]: args.value }}
        errors={args.rawErrors?.length ? { [name]: args.rawErrors } : undefined}
        disabled={args.disabled}
        readonly={args.readonly}
        widgets={widgets}
        showValue
      />
    );
  }
  return FieldStory;
}

/** What a widget's docs page says of it (story-docs.ts adds its options and JSON). */
export interface WidgetDocs {
  /** The step of schemas/steps/ the story renders the field from (its file name). */
  step: string;
  /** One sentence: what the manager sees and does. */
  summary: string;
}

/**
 * A widget's story meta, declared once per widget (its `*.stories.tsx` adds the title, which
 * Storybook reads from the file itself): the providers, the field of the step it renders, the
 * shared controls, the starting siblings, the API answers, and its docs page (autodocs) naming its
 * `ui:options` and the JSON that uses it.
 */
export function fieldStoryMeta(
  step: StepFiles,
  name: string,
  options: { docs: WidgetDocs; siblings?: Record<string, unknown>; api?: ApiSeeds },
): Pick<Meta<WidgetStoryArgs>, 'decorators' | 'render' | 'argTypes' | 'args' | 'parameters' | 'tags'> {
  return {
    tags: ['autodocs'],
    decorators: [withWidgetProviders],
    render: renderField(step, name),
    argTypes: widgetArgTypes,
    args: { value: undefined, siblings: options.siblings ?? {}, rawErrors: [], disabled: false, readonly: false },
    parameters: {
      api: options.api ?? {},
      docs: { description: { component: widgetDocs(step, name, options.docs.step, options.docs.summary) } },
    },
  };
}

/** Controls shared by every widget story. */
export const widgetArgTypes = {
  value: { control: 'object' },
  siblings: { control: 'object' },
  rawErrors: { control: 'object' },
  disabled: { control: 'boolean' },
  readonly: { control: 'boolean' },
} as const;

/** The field's own Persian error message from the step schema (`errorMessage`, string or by keyword). */
export function schemaMessage(step: StepFiles, name: string, keyword = 'required'): string {
  const property = step.schema.properties?.[name] as { errorMessage?: string | Record<string, string> } | undefined;
  const message = property?.errorMessage;
  if (typeof message === 'string') return message;
  return message?.[keyword] ?? fa.validation.required;
}
