/**
 * The wizard's state in React: one context for the state, one for the actions, mirrored to
 * sessionStorage (wizard-storage.ts, what is kept and how it is read back), so a reload keeps
 * everything and closing the tab forgets it.
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
} from 'react';
import type { Drafts } from '../../shared/definition/wizard-definition.js';
import { useDebouncedPersist } from './use-debounced-persist.js';
import {
  DEFAULT_STORAGE_KEY,
  defaultStorage,
  emptyState,
  readStoredState,
  writeStoredState,
  type RegistrationResult,
  type ServerErrors,
  type WizardState,
} from './wizard-storage.js';

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

/** How long a change of drafts alone may wait before it is mirrored to storage (flushed earlier on pagehide). */
const DRAFT_WRITE_DELAY_MS = 400;

const StateContext = createContext<WizardState | null>(null);
const ActionsContext = createContext<WizardActions | null>(null);
/** False while a pre-rendered page hydrates: the state is still the new visitor's, not the tab's. */
const RestoredContext = createContext(true);

function sameData(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether only text (or cleared) values differ: what typing in a field changes. */
function onlyTextChanged(before: Record<string, unknown> | undefined, after: Record<string, unknown>): boolean {
  if (!before) return false;
  const isText = (value: unknown) => value === undefined || typeof value === 'string';
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (Object.is(before[key], after[key])) continue;
    if (!isText(before[key]) || !isText(after[key])) return false;
  }
  return true;
}

export interface WizardStoreProviderProps {
  children: ReactNode;
  /** Where the state survives a reload; sessionStorage by default. */
  storage?: Storage;
  storageKey?: string;
  /**
   * Hydrating a pre-rendered page: start from the new visitor's state the HTML was rendered with,
   * and read the stored state only after hydration, in a transition (an urgent update would make
   * React drop the server HTML of a step whose code is still loading and render it again).
   */
  restoreAfterHydration?: boolean;
}

type StateChange = (previous: WizardState) => WizardState;

/**
 * The state, read from storage at once or, when a pre-rendered page hydrates, after hydration (a
 * `?tier=` read meanwhile is kept on top of it, and the drafts a hydrating form wrote fill the gaps).
 */
function useRestoredState(store: Storage | undefined, storageKey: string, restoreAfterHydration: boolean) {
  const [state, setState] = useState<WizardState>(() =>
    restoreAfterHydration ? emptyState : readStoredState(store, storageKey),
  );
  const [restored, setRestored] = useState(!restoreAfterHydration);
  const restoreStarted = useRef(restored);
  const restoredRef = useRef(restored);
  /** Drafts a hydrating form wrote (its defaults) before the stored state was in. */
  const earlyDrafts = useRef(new Map<string, Record<string, unknown>>());

  useEffect(() => {
    if (restoreStarted.current) return;
    restoreStarted.current = true;
    startTransition(() => {
      // A `?tier=` read before the stored state arrived is kept on top of it.
      setState((previous) => {
        const stored = readStoredState(store, storageKey);
        return previous.tier === undefined ? stored : { ...stored, tier: previous.tier };
      });
      setRestored(true);
    });
  }, [store, storageKey]);

  useEffect(() => {
    if (!restored || restoredRef.current) return;
    restoredRef.current = true;
    const early = [...earlyDrafts.current];
    earlyDrafts.current.clear();
    if (early.length === 0) return;
    // The stored draft wins; what the form added (its defaults) fills the gaps without making a
    // completed step incomplete.
    setState((previous) => {
      const drafts = { ...previous.drafts };
      for (const [stepId, data] of early) drafts[stepId] = { ...data, ...previous.drafts[stepId] };
      return sameData(drafts, previous.drafts) ? previous : { ...previous, drafts };
    });
  }, [restored]);

  return { state, setState, restored, restoredRef, earlyDrafts };
}

/**
 * The state mirrored to storage. Serialising the whole state into sessionStorage is synchronous
 * work: a change of drafts alone (a choice, a point on the map) is written when the page is idle,
 * at most DRAFT_WRITE_DELAY_MS later, and at once when the page is hidden or left (`pagehide`,
 * `visibilitychange`: a reload right after typing keeps the draft) or the provider unmounts; any
 * other change (completed steps, plan, errors, result) is written at once. Typed text is written
 * at once too (`writeTyped`): it arrives only after the field's own typing pause.
 */
function useStatePersistence(
  state: WizardState,
  restored: boolean,
  typed: RefObject<Drafts>,
  store: Storage | undefined,
  storageKey: string,
) {
  const written = useRef<WizardState | null>(null);
  const pending = useRef<WizardState | null>(null);
  const typedUnwritten = useRef(false);

  const write = useCallback(() => {
    const next = pending.current ?? (typedUnwritten.current ? written.current : null);
    pending.current = null;
    if (!next || (next === written.current && !typedUnwritten.current)) return;
    written.current = next;
    typedUnwritten.current = false;
    const withTyped =
      Object.keys(typed.current).length > 0 ? { ...next, drafts: { ...next.drafts, ...typed.current } } : next;
    writeStoredState(store, storageKey, withTyped);
  }, [typed, store, storageKey]);

  const persist = useDebouncedPersist(write, {
    delayMs: DRAFT_WRITE_DELAY_MS,
    wait: 'at-most',
    flushOnLeave: true,
    onUnmount: 'flush',
  });

  useEffect(() => {
    // The new visitor's state of a hydrating page must never overwrite the tab's stored draft.
    if (!restored) return;
    const last = written.current;
    pending.current = state;
    const draftsOnly =
      last !== null &&
      last.completed === state.completed &&
      last.tier === state.tier &&
      last.serverErrors === state.serverErrors &&
      last.result === state.result;
    if (draftsOnly) persist.schedule();
    else persist.flush();
  }, [state, restored, persist]);

  const writeTyped = useCallback(() => {
    typedUnwritten.current = true;
    persist.flush();
  }, [persist]);

  return { writeTyped };
}

/**
 * Typing in a text field: RJSF keeps the form's own state, so a typed draft need not re-render the
 * wizard (header, stepper, the step) urgently nor hand the form new props (which makes RJSF
 * recompute the whole form) on the keystroke's frame. Such a draft waits in `typed`, is read
 * through `state.drafts`, and joins the React state in a transition, or with the next other action.
 */
function useTypedDrafts(
  state: WizardState,
  setState: Dispatch<SetStateAction<WizardState>>,
  restoredRef: RefObject<boolean>,
) {
  /** Step id -> draft typed and not yet in the React state. */
  const typed = useRef<Drafts>({});

  const update = useCallback(
    (change: StateChange) => {
      const typedDrafts = Object.keys(typed.current).length > 0 ? typed.current : undefined;
      typed.current = {};
      const apply = (previous: WizardState) =>
        change(typedDrafts ? { ...previous, drafts: { ...previous.drafts, ...typedDrafts } } : previous);
      if (restoredRef.current) setState(apply);
      else startTransition(() => setState(apply));
    },
    [setState, restoredRef],
  );

  const addTyped = useCallback((stepId: string, data: Record<string, unknown>) => {
    typed.current = { ...typed.current, [stepId]: data };
  }, []);

  // The typed drafts stay in `typed` until the transition has committed them: an urgent render
  // meanwhile (an error following the text) still reads them, never the older committed draft.
  const commitTyped = useCallback(() => {
    const committing = typed.current;
    startTransition(() => setState((previous) => ({ ...previous, drafts: { ...previous.drafts, ...committing } })));
  }, [setState]);

  useEffect(() => {
    const waiting = Object.entries(typed.current).filter(([stepId, draft]) => state.drafts[stepId] !== draft);
    if (waiting.length < Object.keys(typed.current).length) typed.current = Object.fromEntries(waiting);
  }, [state]);

  return { typed, update, addTyped, commitTyped };
}

/** The actions other than `setDraft`, each one change of the state. */
function actionsOf(update: (change: StateChange) => void): Omit<WizardActions, 'setDraft'> {
  return {
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
  };
}

/** `drafts` read through a getter, so a typed draft not yet in React state is still what the steps, the submit and storage see. */
function useExposedState(state: WizardState, typed: RefObject<Drafts>): WizardState {
  return useMemo<WizardState>(() => {
    const live = { ...state };
    // The getter reads the ref when a consumer reads `drafts` (a submit, a storage write), not while
    // this provider renders.
    Object.defineProperty(live, 'drafts', {
      enumerable: true,
      get: () => (Object.keys(typed.current).length > 0 ? { ...state.drafts, ...typed.current } : state.drafts),
    });
    return live;
  }, [state, typed]);
}

export function WizardStoreProvider({
  children,
  storage,
  storageKey = DEFAULT_STORAGE_KEY,
  restoreAfterHydration = false,
}: WizardStoreProviderProps) {
  const [store] = useState(() => storage ?? defaultStorage());
  const { state, setState, restored, restoredRef, earlyDrafts } = useRestoredState(
    store,
    storageKey,
    restoreAfterHydration,
  );
  const { typed, update, addTyped, commitTyped } = useTypedDrafts(state, setState, restoredRef);
  const { writeTyped } = useStatePersistence(state, restored, typed, store, storageKey);
  /** The React state of the last render (what `setDraft` compares a keystroke with). */
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);

  const setDraft = useCallback(
    (stepId: string, data: Record<string, unknown>) => {
      if (!restoredRef.current) {
        earlyDrafts.current.set(stepId, data);
        return;
      }
      const committed = latest.current;
      const current = typed.current[stepId] ?? committed.drafts[stepId];
      if (sameData(current, data)) return;
      if (!committed.completed.includes(stepId) && onlyTextChanged(current, data)) {
        // A keystroke goes through one debounce, the field's own (widgets/use-typed-value.ts): it
        // is the only layer that can spare RJSF a recompute of the whole form per keystroke, and
        // what it hands on has already waited for typing to pause (or is a field with an error,
        // whose message follows each keystroke). So the store waits no second time: the draft is
        // written now and joins the React state in a transition.
        addTyped(stepId, data);
        writeTyped();
        commitTyped();
        return;
      }
      update((previous) => {
        if (sameData(previous.drafts[stepId], data)) return previous;
        return {
          ...previous,
          drafts: { ...previous.drafts, [stepId]: data },
          completed: previous.completed.filter((id) => id !== stepId),
        };
      });
    },
    [restoredRef, earlyDrafts, typed, addTyped, writeTyped, commitTyped, update],
  );

  const actions = useMemo<WizardActions>(() => ({ setDraft, ...actionsOf(update) }), [update, setDraft]);
  const exposed = useExposedState(state, typed);

  // State and actions in separate contexts: a component that only acts (a widget writing a field)
  // does not re-render when a keystroke changes the drafts.
  return (
    <ActionsContext.Provider value={actions}>
      <RestoredContext.Provider value={restored}>
        <StateContext.Provider value={exposed}>{children}</StateContext.Provider>
      </RestoredContext.Provider>
    </ActionsContext.Provider>
  );
}

const MISSING_PROVIDER = 'needs <WizardApp> (or <WizardStoreProvider>) above it.';

export function useWizardActions(): WizardActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error(`useWizardActions() ${MISSING_PROVIDER}`);
  return actions;
}

export function useWizardState(): WizardState {
  const state = useContext(StateContext);
  if (!state) throw new Error(`useWizardState() ${MISSING_PROVIDER}`);
  return state;
}

/** Whether the tab's stored state is in (false only while a pre-rendered page hydrates). */
export function useStoreRestored(): boolean {
  return useContext(RestoredContext);
}

export function useWizardStore(): WizardStore {
  const state = useWizardState();
  const actions = useWizardActions();
  return useMemo(() => ({ state, actions }), [state, actions]);
}
