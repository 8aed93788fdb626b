/**
 * Shared by the widget stories and the widget unit tests:
 * - `createSeededClient` / `WidgetProviders` / `withWidgetProviders`: a fresh QueryClient per story
 *   whose API answers are seeded (`setQueryData`), pending forever (loading) or rejected (error),
 *   so no story touches the network; plus RTL `dir="rtl" lang="fa"`.
 * - `WidgetHarness`: renders one widget with real `WidgetProps`, keeping its value and the sibling
 *   fields of the step in local state, the way the stepper's form and `formContext` do, and the
 *   hint / error elements (`${id}__help`, `${id}__error`) the stepper's field template renders.
 */
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { getDefaultRegistry } from '@rjsf/core';
import { getUiOptions, type Registry, type RJSFSchema, type UiSchema, type WidgetProps } from '@rjsf/utils';
import type { Decorator } from '@storybook/react-vite';
import type { WizardFormContext } from './form-context.js';
import { addressSuggestionPath, serviceKeys, WidgetServicesContext, type WidgetServices } from './services.js';
import { storyMobileVerification } from './verify/story-verification.js';
import {
  apiPaths,
  type AddressSuggestion,
  type Captcha,
  type Locations,
  type RegisterConfig,
} from '../src/shared/api-contract.js';
import { fa } from '../src/shared/strings.fa.js';

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

export interface WidgetHarnessProps {
  widget: ComponentType<WidgetProps>;
  /** The field's own schema (title, maxLength, …). */
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  /** The field name (used for the id `root_<name>`). */
  name: string;
  value?: unknown;
  /** The other fields of the step (province for the city, longitude for the map, …). */
  siblings?: Record<string, unknown>;
  rawErrors?: string[];
  disabled?: boolean;
  readonly?: boolean;
  required?: boolean;
  /** Render a `<label for=id>` with the schema title, as the stepper's template does for most fields. */
  showLabel?: boolean;
  /** Show the step's current data under the widget (for designers in Storybook). */
  showValue?: boolean;
  /** Spies (tests, Storybook actions). */
  onChange?: (value: unknown) => void;
  onSetField?: (name: string, value: unknown) => void;
  onBlur?: (id: string, value: unknown) => void;
  onFocus?: (id: string, value: unknown) => void;
}

const baseRegistry = getDefaultRegistry();

export function WidgetHarness(props: WidgetHarnessProps) {
  const { widget: Widget, schema, uiSchema = {}, name, rawErrors = [], showLabel = true } = props;
  const [data, setData] = useState<Record<string, unknown>>(() => ({ ...props.siblings, [name]: props.value }));
  const id = `root_${name}`;

  const formContext: WizardFormContext = useMemo(
    () => ({
      formData: data,
      setField: (field, value) => {
        setData((current) => ({ ...current, [field]: value }));
        props.onSetField?.(field, value);
      },
    }),
    // A new context only when the data changes, as in the wizard: the story's callback prop is
    // read when it is called, and a new one each render must not re-render every widget.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data],
  );
  const registry = useMemo(
    () => ({ ...baseRegistry, rootSchema: schema, formContext }) as unknown as Registry,
    [formContext, schema],
  );
  const uiOptions = getUiOptions(uiSchema);
  const help = typeof uiSchema['ui:help'] === 'string' ? uiSchema['ui:help'] : undefined;
  const label = typeof schema.title === 'string' ? schema.title : name;

  return (
    <div className="story-field">
      {showLabel && (
        <label htmlFor={id} className="story-field__label">
          {label}
        </label>
      )}
      <Widget
        id={id}
        name={name}
        htmlName={name}
        schema={schema}
        uiSchema={uiSchema}
        options={{ emptyValue: undefined, ...uiOptions }}
        value={data[name]}
        label={label}
        hideLabel={!showLabel}
        placeholder={typeof uiSchema['ui:placeholder'] === 'string' ? uiSchema['ui:placeholder'] : ''}
        required={props.required}
        disabled={props.disabled}
        readonly={props.readonly}
        rawErrors={rawErrors}
        registry={registry}
        onChange={(value: unknown) => {
          setData((current) => ({ ...current, [name]: value }));
          props.onChange?.(value);
        }}
        onBlur={(fieldId: string, value: unknown) => props.onBlur?.(fieldId, value)}
        onFocus={(fieldId: string, value: unknown) => props.onFocus?.(fieldId, value)}
      />
      <p id={`${id}__help`} className="story-field__help">
        {help}
      </p>
      <div id={`${id}__error`} className="story-field__error">
        {rawErrors.map((message) => (
          <p key={message} style={{ color: '#a4161a', margin: '0.25rem 0 0' }}>
            {message}
          </p>
        ))}
      </div>
      {props.showValue && (
        <pre dir="ltr" className="story-field__value" style={{ fontSize: '0.75rem', color: '#4a4f55' }}>
          {JSON.stringify(data)}
        </pre>
      )}
    </div>
  );
}

/** The part of a widget story that Storybook controls edit. */
export interface WidgetStoryArgs {
  value?: unknown;
  siblings?: Record<string, unknown>;
  rawErrors?: string[];
  disabled?: boolean;
  readonly?: boolean;
}

interface StepFiles {
  schema: { properties?: Record<string, unknown>; required?: string[] };
  uiSchema: Record<string, unknown>;
}

/**
 * A story `render` for one field of a step's JSON files: the widget in the harness, re-mounted when
 * a control changes the starting value or siblings.
 */
export function renderField(widget: ComponentType<WidgetProps>, step: StepFiles, name: string, showLabel = true) {
  const schema = (step.schema.properties?.[name] ?? {}) as RJSFSchema;
  const uiSchema = (step.uiSchema[name] ?? {}) as UiSchema;
  const required = step.schema.required?.includes(name) ?? false;
  function FieldStory(args: WidgetStoryArgs) {
    return (
      <WidgetHarness
        key={JSON.stringify([args.value, args.siblings])}
        widget={widget}
        name={name}
        schema={schema}
        uiSchema={uiSchema}
        required={required}
        showLabel={showLabel}
        showValue
        {...args}
      />
    );
  }
  return FieldStory;
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
