/**
 * The shared state of the wizard as the tab keeps it: one draft per form step, which steps passed
 * their Continue, the requested plan (`?tier=`), the server's field errors to show when the manager
 * returns, and the outcome of the last registration attempt, in sessionStorage; read back
 * defensively, since anything may have been written there.
 */
import type { Drafts } from '../../shared/definition/wizard-definition.js';

export interface RegistrationResult {
  success: boolean;
  message: string;
  trackingCode?: string;
  /** A staff preview: the body that would have been posted (JSON text), instead of a tracking code. */
  previewBody?: string;
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

export const DEFAULT_STORAGE_KEY = 'pharmacy-wizard:v1';

export const emptyState: WizardState = { drafts: {}, completed: [], serverErrors: {} };

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

export function defaultStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage disabled: the wizard still works, it just forgets on reload
  }
}

/** Writes the state; a full or disabled storage is no error (the wizard goes on without it). */
export function writeStoredState(storage: Storage | undefined, key: string, state: WizardState): void {
  try {
    storage?.setItem(key, JSON.stringify(state));
  } catch {
    // Quota or privacy mode: keep going without persistence.
  }
}
