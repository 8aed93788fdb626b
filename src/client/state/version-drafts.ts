/**
 * Drafts are kept per version of the definition: each version's state under its own
 * sessionStorage key, so a tab never reads answers into a form they were not typed for. When the
 * tab opens a version it has no state for, the newest state of another version is carried over:
 * the answers the new version still asks for are kept, and a step stays complete only when none of
 * its answers was dropped and it asks for nothing new that is required; the wizard says so. The
 * server checks the registration against the new version anyway, and sends a manager back to a
 * step whose answers it refuses.
 */
import { stepFieldNames, type Drafts, type LoadedWizard } from '../../shared/definition/wizard-definition.js';
import { DEFAULT_STORAGE_KEY, readStoredState, type WizardState } from './wizard-storage.js';

const VERSION_SEPARATOR = '@';

/** The sessionStorage key of one version's state. */
export function storageKeyFor(version: string): string {
  return `${DEFAULT_STORAGE_KEY}${VERSION_SEPARATOR}${version}`;
}

/** Other versions' keys (and the key of the wizard before versions, which had one key for all). */
function otherVersionKeys(storage: Storage, key: string): string[] {
  const prefix = `${DEFAULT_STORAGE_KEY}${VERSION_SEPARATOR}`;
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const candidate = storage.key(index);
    if (candidate === null || candidate === key) continue;
    if (candidate.startsWith(prefix) || candidate === DEFAULT_STORAGE_KEY) keys.push(candidate);
  }
  return keys;
}

/** The answers of `drafts` that `wizard` still asks for, by step. */
export function answersThatFit(wizard: LoadedWizard, drafts: Drafts): Drafts {
  const kept: Drafts = {};
  for (const step of wizard.steps) {
    const draft = drafts[step.id];
    if (!draft) continue;
    const fields = new Set(stepFieldNames(step));
    const fitting = Object.fromEntries(Object.entries(draft).filter(([field]) => fields.has(field)));
    if (Object.keys(fitting).length > 0) kept[step.id] = fitting;
  }
  return kept;
}

/**
 * Makes sure `version` has its state in `storage`: when it has none and another version's state
 * has answers, they are carried over (see the module comment); older versions' states are removed.
 * True when answers were carried over (the wizard tells the manager once).
 */
export function carryOverDrafts(storage: Storage | undefined, version: string, wizard: LoadedWizard): boolean {
  if (!storage) return false;
  try {
    const key = storageKeyFor(version);
    const others = otherVersionKeys(storage, key);
    if (others.length === 0) return false;
    let carried = false;
    if (storage.getItem(key) === null) {
      // Other versions' states are removed each time a version is opened: there is one at most.
      const previous = others.map((other) => readStoredState(storage, other)).find(hasAnswers);
      if (previous) {
        const drafts = answersThatFit(wizard, previous.drafts);
        const state: WizardState = {
          drafts,
          completed: previous.completed.filter((stepId) => stillComplete(wizard, stepId, previous.drafts, drafts)),
          tier: previous.tier,
          serverErrors: {},
        };
        carried = hasAnswers(state);
        storage.setItem(key, JSON.stringify(state));
      }
    }
    for (const other of others) storage.removeItem(other);
    return carried;
  } catch {
    return false; // storage disabled or full: the wizard starts afresh
  }
}

function stillComplete(wizard: LoadedWizard, stepId: string, before: Drafts, after: Drafts): boolean {
  const step = wizard.steps.find((candidate) => candidate.id === stepId);
  if (!step || step.kind !== 'form') return false;
  const draft = after[stepId] ?? {};
  if (Object.keys(before[stepId] ?? {}).length !== Object.keys(draft).length) return false;
  const required = Array.isArray(step.jsonSchema?.required) ? (step.jsonSchema.required as unknown[]) : [];
  return required.every((field) => typeof field === 'string' && draft[field] !== undefined);
}

function hasAnswers(state: WizardState): boolean {
  return Object.values(state.drafts).some((draft) => draft !== undefined && Object.keys(draft).length > 0);
}
