import { ApiError } from '../../../api/http.js';

export interface FieldProblem {
  /** The form's field: the first segment of the server's JSON pointer (`/events/0` -> `events`). */
  field: string;
  message: string;
}

/**
 * A refused save as the form shows it: each message at its field, in the order the form lists them.
 * A refused address (`webhook_url_refused`) belongs to the URL even when the server names no field.
 */
export function fieldProblems(error: Error | null | undefined, order: readonly string[]): FieldProblem[] {
  if (!(error instanceof ApiError)) return [];
  const byField = new Map<string, string>();
  for (const [pointer, message] of Object.entries(error.fields)) {
    const field = pointer.split('/').filter(Boolean)[0] ?? '';
    if (!byField.has(field)) byField.set(field, message);
  }
  if (error.code === 'webhook_url_refused' && !byField.has('url')) byField.set('url', error.message);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return [...byField.entries()]
    .map(([field, message]) => ({ field, message }))
    .sort((a, b) => rank(a.field) - rank(b.field));
}

/** The message above the form when no field carries it (a network failure, a 500, a forbidden). */
export function formMessage(error: Error | null | undefined, problems: readonly FieldProblem[]): string | null {
  if (!error) return null;
  return problems.length === 0 ? error.message : null;
}
