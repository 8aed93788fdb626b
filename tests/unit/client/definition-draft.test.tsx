/**
 * The draft while it is edited (use-draft-editor.ts) against a stand-in of the staff API: saved on
 * a pause with the revision it was based on (a text that is not JSON yet as typed), and after a stale
 * save (409) nothing more is sent until the draft is reloaded, so neither editor's work is overwritten.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/client/api/query-client.js';
import { sampleDraft, sampleTexts } from '../../../src/client/staff/definition/definition-fixtures.js';
import { SAVE_PAUSE_MS, useDraftEditor } from '../../../src/client/staff/definition/hooks/use-draft-editor.js';
import { definitionStaffPaths } from '../../../src/shared/contracts/definition.js';
import type { DraftAnswer } from '../../../src/shared/contracts/definition.schemas.js';

interface Put {
  revision: number;
  files: Record<string, unknown>;
  texts: Record<string, string>;
}

let stored: DraftAnswer;
let puts: Put[];
/** Set by a test: another editor saves first, so the next save is stale. */
let otherEditorSaved: boolean;

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  stored = structuredClone(sampleDraft);
  puts = [];
  otherEditorSaved = false;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (input !== definitionStaffPaths.draft) return answer(404, { error: { message: 'x', code: 'not_found' } });
    if (!init?.method || init.method === 'GET') return answer(200, stored);
    const body = JSON.parse(init.body as string) as Put;
    puts.push(body);
    if (otherEditorSaved || body.revision !== stored.revision)
      return answer(409, { error: { message: 'stale', code: 'draft_stale' } });
    stored = { ...stored, revision: stored.revision + 1, files: body.files, texts: body.texts };
    const problems = body.texts['wizard.json'].includes('"titel"')
      ? [{ file: 'wizard.json', line: 1, pointer: '/titel', message: 'unknown key', level: 'error', code: 'meta' }]
      : [];
    return answer(200, { revision: stored.revision, problems });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderDraft() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useDraftEditor(), { wrapper });
}

const wizard = sampleTexts['wizard.json'];
const pause = { timeout: SAVE_PAUSE_MS * 4 };

describe('the draft in the editor', () => {
  it('loads the texts as saved and saves a pause after typing, once, with the revision it was based on', async () => {
    const { result } = renderDraft();
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.texts['wizard.json']).toBe(wizard);

    act(() => result.current.change('wizard.json', wizard.replace('"title"', '"titel"')));
    act(() => result.current.change('wizard.json', wizard.replace('"title"', '"titel"').concat(' ')));
    expect(result.current.status).toBe('editing');
    await waitFor(() => expect(result.current.status).toBe('saved'), pause);

    expect(puts).toHaveLength(1);
    expect(puts[0].revision).toBe(sampleDraft.revision);
    expect(puts[0].texts['wizard.json']).toContain('"titel"');
    expect(result.current.revision).toBe(sampleDraft.revision + 1);
    // The checker's problem, found again in the text by its pointer.
    expect(result.current.problems).toEqual([expect.objectContaining({ pointer: '/titel', line: 3 })]);
  });

  it('saves a file that is not JSON yet as typed, without a value, so nothing typed is lost', async () => {
    const { result } = renderDraft();
    await waitFor(() => expect(result.current.ready).toBe(true));
    const typed = '{\n  "tiers": [],\n}\n';
    act(() => result.current.change('register-config.json', typed));
    await waitFor(() => expect(result.current.status).toBe('saved'), pause);
    expect(puts).toHaveLength(1);
    expect(puts[0].texts['register-config.json']).toBe(typed);
    expect(puts[0].files).not.toHaveProperty('register-config.json');
    expect(puts[0].files['wizard.json']).toEqual(JSON.parse(wizard));
  });

  it('after a stale save sends nothing more, until the draft is reloaded from the server', async () => {
    const { result } = renderDraft();
    await waitFor(() => expect(result.current.ready).toBe(true));
    otherEditorSaved = true;
    stored = { ...stored, revision: stored.revision + 1, texts: { ...stored.texts, 'wizard.json': `${wizard} ` } };
    act(() => result.current.change('wizard.json', `${wizard}\n`));
    await waitFor(() => expect(result.current.status).toBe('conflict'), pause);
    expect(puts).toHaveLength(1);

    act(() => result.current.change('wizard.json', `${wizard}\n\n`));
    await new Promise((resolve) => setTimeout(resolve, SAVE_PAUSE_MS * 2));
    expect(puts, 'nothing is sent over the other editor’s save').toHaveLength(1);
    expect(result.current.status).toBe('conflict');

    otherEditorSaved = false;
    await act(() => result.current.reload());
    expect(result.current.status).toBe('saved');
    expect(result.current.texts['wizard.json']).toBe(`${wizard} `);
    expect(result.current.revision).toBe(stored.revision);
  });

  it('adds a new step as its two files, and removes a file, in the next save', async () => {
    const { result } = renderDraft();
    await waitFor(() => expect(result.current.ready).toBe(true));
    act(() => result.current.addFiles({ 'steps/contact.schema.json': '{}\n', 'steps/contact.ui.json': '{}\n' }));
    act(() => result.current.removeFile('steps/location.ui.json'));
    await waitFor(() => expect(result.current.status).toBe('saved'), pause);
    expect(Object.keys(puts[0].files)).toEqual(
      expect.arrayContaining(['steps/contact.schema.json', 'steps/contact.ui.json']),
    );
    expect(Object.keys(puts[0].files)).not.toContain('steps/location.ui.json');
  });
});
