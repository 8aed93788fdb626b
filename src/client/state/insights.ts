/**
 * What the wizard notes of a visit for «رفتار فرم»: steps shown and completed, fields touched,
 * left with an error (and which rule), corrected and refused by the server. Names only, never a
 * value. Kept here until the sender (insights-sender.ts, loaded once the page is hydrated) takes it: one
 * request per step change and one when the page is hidden. With ANALYTICS=off nothing is kept.
 */
import type { InsightEvent } from '../../shared/contracts/insights.js';

export interface Place {
  step: string;
  field?: string;
}

const queue: InsightEvent[] = [];
let where: Place | undefined;
let off = false;
let send: (() => void) | undefined;
const shownAt = new Map<string, number>();
/** `step/field` of the fields now failing, to tell a later pass as a correction. */
const failing = new Set<string>();

function note(event: InsightEvent): void {
  if (!off) queue.push(event);
}

/** The events so far and where the manager is; the sender's alone. */
function takeNoted(): { events: InsightEvent[]; at: Place | undefined } {
  return { events: queue.splice(0), at: where };
}

/** A step is on screen: a step change, so what was noted goes out. */
export function noteStep(step: string): void {
  if (where?.step === step) return;
  where = { step };
  if (!shownAt.has(step)) shownAt.set(step, Date.now());
  note({ type: 'shown', step });
  send?.();
}

export function noteCompleted(step: string): void {
  note({ type: 'completed', step, ms: Math.max(0, Date.now() - (shownAt.get(step) ?? Date.now())) });
}

export function noteFocus(step: string, field: string): void {
  where = { step, field };
  note({ type: 'touched', step, field });
}

/**
 * The fields `checked` (left, or the whole step on submit) with the rule each now fails, if any: a
 * failing field is noted with its rule, one that failed before and passes now as corrected.
 */
export function noteChecked(step: string, checked: readonly string[], rules: ReadonlyMap<string, string>): void {
  for (const field of checked) {
    const key = `${step}/${field}`;
    const rule = rules.get(field);
    if (rule !== undefined) {
      failing.add(key);
      note({ type: 'invalid', step, field, rule });
    } else if (failing.delete(key)) note({ type: 'corrected', step, field });
  }
}

export function noteRefused(step: string, field: string): void {
  note({ type: 'refused', step, field });
}

export function noteRegistered(): void {
  note({ type: 'registered' });
}

/**
 * Once React has taken the page over (`takenOver`), loads the sender for `version`: the page's
 * hydration comes first, the report after it. With ANALYTICS=off, forgets everything and keeps
 * nothing from now on.
 */
export function startInsights(version: string, analytics: boolean, takenOver: Promise<void>): void {
  if (!analytics) {
    off = true;
    queue.length = 0;
    return;
  }
  void takenOver
    .then(() => import('./insights-sender.js'))
    .then(({ startSender }) => {
      send = startSender(version, takeNoted);
      send();
    });
}
