/**
 * «یکپارچه‌سازی» against a stand-in of the staff API: a webhook's secret and an API key
 * are shown once, focused, and gone once closed or the screen is left (nowhere in React Query's
 * caches either); a refused address shows the server's message at the URL field, with a summary
 * link that focuses it; a key is copied with one press.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/client/api/query-client.js';
import IntegrationsScreen from '../../../src/client/staff/integrations/IntegrationsScreen.js';
import {
  refusedUrlMessage,
  sampleApiKey,
  sampleApiKeys,
  sampleRotatedSecret,
  sampleSecret,
  sampleWebhooks,
} from '../../../src/client/staff/integrations/integrations-fixtures.js';
import { faConsole } from '../../../src/shared/text/console-strings.fa.js';
import { integrationPaths } from '../../../src/shared/contracts/integrations.js';
import type { WebhookEndpoint } from '../../../src/shared/contracts/integrations.schemas.js';

const copy = faConsole.integrations;

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let calls: Call[];
let webhooks: WebhookEndpoint[];
/** Set by a test: the next added address is refused as the server refuses a private one. */
let refuseUrl: boolean;

function answer(status: number, body?: unknown): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function serve(method: string, path: string, body: unknown): Response {
  if (path === integrationPaths.webhooks && method === 'GET') return answer(200, webhooks);
  if (path === integrationPaths.webhooks && method === 'POST') {
    if (refuseUrl) return answer(400, { error: { message: refusedUrlMessage, code: 'webhook_url_refused' } });
    const input = body as Pick<WebhookEndpoint, 'url' | 'description' | 'events'>;
    webhooks = [
      ...webhooks,
      {
        ...sampleWebhooks[0],
        ...input,
        id: webhooks.length + 10,
        headerNames: [],
        enabled: true,
        disabledReason: null,
        previousSecretUntil: null,
      },
    ];
    return answer(201, { id: webhooks.length + 9, secret: sampleSecret });
  }
  const endpointId = /^\/api\/staff\/webhooks\/(\d+)(\/rotate)?$/.exec(path);
  if (endpointId?.[2] && method === 'POST') return answer(200, { secret: sampleRotatedSecret });
  if (endpointId && method === 'DELETE') {
    webhooks = webhooks.filter((endpoint) => endpoint.id !== Number(endpointId[1]));
    return answer(204);
  }
  if (endpointId && method === 'PATCH') {
    webhooks = webhooks.map((endpoint) =>
      endpoint.id === Number(endpointId[1]) ? { ...endpoint, ...(body as Partial<WebhookEndpoint>) } : endpoint,
    );
    return answer(
      200,
      webhooks.find((endpoint) => endpoint.id === Number(endpointId[1])),
    );
  }
  if (path === integrationPaths.apiKeys && method === 'GET') return answer(200, sampleApiKeys);
  if (path === integrationPaths.apiKeys && method === 'POST') return answer(201, { id: 3, key: sampleApiKey });
  return answer(404, { error: { message: 'not found', code: 'not_found' } });
}

beforeEach(() => {
  calls = [];
  webhooks = structuredClone(sampleWebhooks);
  refuseUrl = false;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: input, body });
    return serve(method, input, body);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen(client: QueryClient = createQueryClient()) {
  const view = render(
    <QueryClientProvider client={client}>
      <IntegrationsScreen />
    </QueryClientProvider>,
  );
  return { client, ...view };
}

/** Everything React Query holds: the answers of the reads and of the writes. */
function cached(client: QueryClient): string {
  const queries = client
    .getQueryCache()
    .getAll()
    .map((query) => query.state.data);
  const mutations = client
    .getMutationCache()
    .getAll()
    .map((mutation) => mutation.state.data);
  return JSON.stringify([queries, mutations]);
}

async function addEndpoint(user: ReturnType<typeof userEvent.setup>, url: string): Promise<void> {
  await user.click(await screen.findByRole('button', { name: copy.webhooks.add }));
  await user.type(screen.getByRole('textbox', { name: copy.webhooks.url }), url);
  await user.type(screen.getByRole('textbox', { name: copy.webhooks.description }), 'ERP');
  await user.click(screen.getByRole('checkbox', { name: /registration\.assigned/ }));
  await user.click(screen.getByRole('button', { name: copy.webhooks.save }));
}

describe('the integrations screen', () => {
  it('shows a new endpoint’s secret once, focused, and never again once closed or left', async () => {
    const user = userEvent.setup();
    const { client, unmount } = renderScreen();
    await addEndpoint(user, 'https://erp.example.ir/hooks');

    const secret = await screen.findByDisplayValue(sampleSecret);
    await waitFor(() => expect(secret).toHaveFocus());
    expect(screen.getByText(copy.shownOnce)).toBeVisible();
    const posted = calls.find((call) => call.method === 'POST' && call.path === integrationPaths.webhooks);
    expect(posted?.body).toEqual({
      url: 'https://erp.example.ir/hooks',
      description: 'ERP',
      events: ['registration.created', 'registration.status_changed'],
      headers: {},
      enabled: true,
    });
    // The list is read again and shows the endpoint, never its secret.
    expect(await screen.findByRole('article', { name: 'https://erp.example.ir/hooks' })).toBeVisible();
    expect(cached(client)).not.toContain(sampleSecret);

    await user.click(screen.getByRole('button', { name: copy.savedIt }));
    expect(screen.queryByDisplayValue(sampleSecret)).toBeNull();

    // Shown again right away, then left: a new visit of the screen does not have it.
    await addEndpoint(user, 'https://erp2.example.ir/hooks');
    await screen.findByDisplayValue(sampleSecret);
    unmount();
    renderScreen(client);
    await screen.findByRole('article', { name: 'https://erp2.example.ir/hooks' });
    expect(screen.queryByDisplayValue(sampleSecret)).toBeNull();
    expect(document.body.textContent).not.toContain(sampleSecret);
    expect(cached(client)).not.toContain(sampleSecret);
  });

  it('shows a refused address’s message at the URL field, the summary’s link focusing it', async () => {
    refuseUrl = true;
    const user = userEvent.setup();
    renderScreen();
    await addEndpoint(user, 'http://10.0.0.1/hook');

    const summary = await screen.findByRole('alert', { name: copy.errorSummary });
    await waitFor(() => expect(summary).toHaveFocus());
    const url = screen.getByRole('textbox', { name: copy.webhooks.url });
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(expect.stringContaining(refusedUrlMessage));
    await user.click(within(summary).getByRole('link', { name: refusedUrlMessage }));
    expect(url).toHaveFocus();
    expect(screen.queryByDisplayValue(sampleSecret)).toBeNull();
  });

  it('copies a new key with one press, then forgets it', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const { client } = renderScreen();
    await user.type(await screen.findByRole('textbox', { name: copy.apiKeys.name }), 'انبار مرکزی');
    await user.click(screen.getByRole('button', { name: copy.apiKeys.create }));

    const key = await screen.findByDisplayValue(sampleApiKey);
    await waitFor(() => expect(key).toHaveFocus());
    expect(calls.find((call) => call.method === 'POST' && call.path === integrationPaths.apiKeys)?.body).toEqual({
      name: 'انبار مرکزی',
      scopes: ['registrations:read'],
    });
    // The form is fresh for the next key.
    expect(screen.getByRole('textbox', { name: copy.apiKeys.name })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: copy.copy }));
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith(sampleApiKey);
    expect(await navigator.clipboard.readText()).toBe(sampleApiKey);
    expect(screen.getByText(copy.copied)).toBeVisible();

    await user.click(screen.getByRole('button', { name: copy.savedIt }));
    expect(document.body.textContent).not.toContain(sampleApiKey);
    expect(screen.queryByDisplayValue(sampleApiKey)).toBeNull();
    expect(cached(client)).not.toContain(sampleApiKey);
  });

  it('selects the key for Ctrl+C when the page may not write to the clipboard', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    renderScreen();
    await user.type(await screen.findByRole('textbox', { name: copy.apiKeys.name }), 'CRM');
    await user.click(screen.getByRole('button', { name: copy.apiKeys.create }));
    const key = await screen.findByDisplayValue<HTMLInputElement>(sampleApiKey);

    await user.click(screen.getByRole('button', { name: copy.copy }));
    expect(await screen.findByText(copy.copyFailed)).toBeVisible();
    expect(key).toHaveFocus();
    expect(key.value.slice(key.selectionStart ?? 0, key.selectionEnd ?? 0)).toBe(sampleApiKey);
  });

  it('rotates a secret only once asked to confirm, and shows the new one once with the 24 hours', async () => {
    const user = userEvent.setup();
    const { client } = renderScreen();
    const card = await screen.findByRole('article', { name: sampleWebhooks[0].url });
    await user.click(within(card).getByRole('button', { name: copy.webhooks.rotate }));
    expect(calls.some((call) => call.path.endsWith('/rotate'))).toBe(false);
    await user.click(within(card).getByRole('button', { name: copy.cancel }));
    expect(within(card).getByRole('button', { name: copy.webhooks.rotate })).toHaveFocus();

    await user.click(within(card).getByRole('button', { name: copy.webhooks.rotate }));
    expect(within(card).getByRole('button', { name: copy.yes })).toHaveFocus();
    await user.click(within(card).getByRole('button', { name: copy.yes }));
    const secret = await within(card).findByDisplayValue(sampleRotatedSecret);
    await waitFor(() => expect(secret).toHaveFocus());
    expect(within(card).getByText(copy.webhooks.rotatedNote)).toBeVisible();
    expect(calls.filter((call) => call.path === '/api/staff/webhooks/1/rotate')).toHaveLength(1);
    expect(cached(client)).not.toContain(sampleRotatedSecret);
    await user.click(within(card).getByRole('button', { name: copy.savedIt }));
    expect(document.body.textContent).not.toContain(sampleRotatedSecret);
  });

  it('deletes an endpoint after «بله», and sends an edit as the changed fields without header values', async () => {
    const user = userEvent.setup();
    renderScreen();
    const first = await screen.findByRole('article', { name: sampleWebhooks[0].url });
    await user.click(within(first).getByRole('button', { name: copy.webhooks.edit }));
    const description = screen.getByRole('textbox', { name: copy.webhooks.description });
    await user.clear(description);
    await user.type(description, 'CRM تازه');
    await user.click(screen.getByRole('button', { name: copy.webhooks.save }));
    await screen.findByText('CRM تازه');
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/staff/webhooks/1',
      body: {
        url: sampleWebhooks[0].url,
        description: 'CRM تازه',
        events: sampleWebhooks[0].events,
        enabled: true,
      },
    });

    const second = screen.getByRole('article', { name: sampleWebhooks[1].url });
    expect(second).toHaveTextContent(copy.webhooks.disabledBy.gone);
    await user.click(within(second).getByRole('button', { name: copy.webhooks.delete }));
    expect(within(second).getByRole('group', { name: copy.webhooks.confirmDelete })).toBeVisible();
    await user.click(within(second).getByRole('button', { name: copy.yes }));
    await waitFor(() => expect(screen.queryByRole('article', { name: sampleWebhooks[1].url })).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/staff/webhooks/2',
    ]);
  });
});
