/**
 * The shared state of the wizard (spec §3 "shared state", §4): one draft per form step, which
 * steps passed their Continue, the requested plan (`?tier=`), the server's field errors to show
 * when the manager returns, and the outcome of the last registration attempt. Kept in React
 * context and mirrored to sessionStorage, so a reload keeps everything and closing the tab forgets it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Drafts } from '../../shared/wizard-definition.js';

export interface RegistrationResult {
  success: boolean;
  message: string;
  trackingCode?: string;
}

/** Step id -> field name -> Persian message from the server's `error.fields`. */
export type ServerErrors = Record<string, Record<string, string>>;

export interface WizardState {
  drafts: Drafts;
  /** Form steps whose Continue passed since their draft last changed. */
  completed: string[];
  /** `?tier=` as requested (the plan is resolved against Register/Config when needed). */
  tier?: number;
  serverErrors: ServerErrors;
  result?: RegistrationResult;
}

export interface WizardActions {
  /** Replaces a step's draft; a changed draft is no longer complete. */
  setDraft: (stepId: string, data: Record<string, unknown>) => void;
  markCompleted: (stepId: string) => void;
  setTier: (tier: number | undefined) => void;
  clearServerErrors: (stepId: string, fields: readonly string[]) => void;
  /** A successful registration, for /enter (which then calls `forgetDrafts`). */
  succeed: (result: RegistrationResult) => void;
  /** A failed registration: everything is kept; field errors are shown where they belong. */
  fail: (result: RegistrationResult, serverErrors: ServerErrors) => void;
  /** After a success is shown: the drafts (personal data) leave the browser; plan and result stay. */
  forgetDrafts: () => void;
  /** Try again: the steps the server found fault with must pass their Continue again. */
  reopen: (stepIds: readonly string[]) => void;
}

export interface WizardStore {
  state: WizardState;
  actions: WizardActions;
}

export const DEFAULT_STORAGE_KEY = 'pharmacy-wizard:v1';

/** How long a typed draft may wait before it is mirrored to storage (flushed earlier on pagehide). */
const DRAFT_WRITE_DELAY_MS = 400;

const emptyState: WizardState = { drafts: {}, completed: [], serverErrors: {} };

const StoreContext = createContext<WizardStore | null>(null);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a stored state, dropping anything that does not have the expected shape. */
export function readStoredState(storage: Storage | undefined, key: string): WizardState {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return emptyState;
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) return emptyState;
    const drafts: Drafts = {};
    if (isRecord(parsed.drafts)) {
      for (const [stepId, draft] of Object.entries(parsed.drafts)) if (isRecord(draft)) drafts[stepId] = draft;
    }
    const completed = Array.isArray(parsed.completed)
      ? parsed.completed.filter((id): id is string => typeof id === 'string')
      : [];
    const tier = typeof parsed.tier === 'number' && Number.isInteger(parsed.tier) ? parsed.tier : undefined;
    const serverErrors: ServerErrors = {};
    if (isRecord(parsed.serverErrors)) {
      for (const [stepId, fields] of Object.entries(parsed.serverErrors)) {
        if (!isRecord(fields)) continue;
        serverErrors[stepId] = Object.fromEntries(
          Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        );
      }
    }
    const result =
      isRecord(parsed.result) && typeof parsed.result.success === 'boolean' && typeof parsed.result.message === 'string'
        ? {
            success: parsed.result.success,
            message: parsed.result.message,
            trackingCode: typeof parsed.result.trackingCode === 'string' ? parsed.result.trackingCode : undefined,
          }
        : undefined;
    return { drafts, completed, tier, serverErrors, result };
  } catch {
    return emptyState;
  }
}

function sameData(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface WizardStoreProviderProps {
  children: ReactNode;
  /** Where the state survives a reload; sessionStorage by default. */
  storage?: Storage;
  storageKey?: string;
}

function defaultStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage disabled: the wizard still works, it just forgets on reload
  }
}

export function WizardStoreProvider({ children, storage, storageKey = DEFAULT_STORAGE_KEY }: WizardStoreProviderProps) {
  const store = useRef(storage ?? defaultStorage()).current;
  const [state, setState] = useState<WizardState>(() => readStoredState(store, storageKey));

  // Typing changes a draft on every keystroke: serialising the whole state into sessionStorage each
  // time is synchronous work on the keystroke's frame. A change of drafts alone is written when the
  // page is idle (at most DRAFT_WRITE_DELAY_MS later) and at once when the page is hidden or left
  // (`pagehide`, `visibilitychange`: a reload right after typing keeps the draft) or the provider
  // unmounts; any other change (completed steps, plan, errors, result) is written at once.
  const written = useRef<WizardState | null>(null);
  const pending = useRef<WizardState | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    if (timer.current !== undefined) {
      clearTimeout(timer.current);
      timer.current = undefined;
    }
    const next = pending.current;
    pending.current = null;
    if (!next || next === written.current) return;
    written.current = next;
    try {
      store?.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Quota or privacy mode: keep going without persistence.
    }
  }, [store, storageKey]);

  useEffect(() => {
    const last = written.current;
    pending.current = state;
    const draftsOnly =
      last !== null &&
      last.completed === state.completed &&
      last.tier === state.tier &&
      last.serverErrors === state.serverErrors &&
      last.result === state.result;
    if (!draftsOnly) return flush();
    if (timer.current === undefined) timer.current = setTimeout(flush, DRAFT_WRITE_DELAY_MS);
  }, [state, flush]);

  useEffect(() => {
    if (typeof window === 'undefined') return;
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, [flush]);

  const update = useCallback((change: (previous: WizardState) => WizardState) => setState(change), []);

  const actions = useMemo<WizardActions>(
    () => ({
      setDraft: (stepId, data) =>
        update((previous) => {
          if (sameData(previous.drafts[stepId], data)) return previous;
          return {
            ...previous,
            drafts: { ...previous.drafts, [stepId]: data },
            completed: previous.completed.filter((id) => id !== stepId),
          };
        }),
      markCompleted: (stepId) =>
        update((previous) =>
          previous.completed.includes(stepId) ? previous : { ...previous, completed: [...previous.completed, stepId] },
        ),
      setTier: (tier) => update((previous) => (previous.tier === tier ? previous : { ...previous, tier })),
      clearServerErrors: (stepId, fields) =>
        update((previous) => {
          const current = previous.serverErrors[stepId];
          if (!current || !fields.some((field) => Object.hasOwn(current, field))) return previous;
          const remaining = Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field)));
          return { ...previous, serverErrors: { ...previous.serverErrors, [stepId]: remaining } };
        }),
      // The steps stay complete while the page moves to /enter (the router's transition renders
      // after this update, and the step on screen must not redirect meanwhile).
      succeed: (result) => update((previous) => ({ ...previous, result, serverErrors: {} })),
      fail: (result, serverErrors) => update((previous) => ({ ...previous, result, serverErrors })),
      forgetDrafts: () =>
        update((previous) =>
          Object.keys(previous.drafts).length || previous.completed.length
            ? { ...emptyState, tier: previous.tier, result: previous.result }
            : previous,
        ),
      reopen: (stepIds) =>
        update((previous) => ({ ...previous, completed: previous.completed.filter((id) => !stepIds.includes(id)) })),
    }),
    [update],
  );

  const value = useMemo<WizardStore>(() => ({ state, actions }), [state, actions]);
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
}

export function useWizardStore(): WizardStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useWizardStore() needs <WizardApp> (or <WizardStoreProvider>) above it.');
  return store;
}
