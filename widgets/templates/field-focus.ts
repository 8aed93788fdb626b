import type { RJSFValidationError } from '@rjsf/utils';

/** The id RJSF gives a top-level field (idPrefix `root`, separator `_`), which widgets put on their focusable element. */
export function fieldId(field: string): string {
  return `root_${field}`;
}

/** Focuses a field's own element, else the first focusable thing inside its wrapper. */
export function focusField(container: HTMLElement | null, field: string): void {
  if (!container) return;
  const byId = container.ownerDocument.getElementById(fieldId(field));
  const wrapper = container.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
  const target =
    byId && !(byId instanceof HTMLInputElement && byId.type === 'hidden')
      ? byId
      : wrapper?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button, [tabindex]');
  // A field that cannot take focus yet (a select disabled while its list loads) would leave focus on
  // the button: the error summary takes it instead, so the manager still lands on what blocks them.
  if (target && !target.matches(':disabled')) return target.focus();
  container.ownerDocument.querySelector<HTMLElement>('.error-summary')?.focus();
}

/** The top-level field an RJSF error is about. */
export function topField(error: RJSFValidationError): string {
  return (error.property ?? '').replace(/^\./, '').split(/[.[]/)[0] ?? '';
}

/** The ids among `tokens` that name an element of `document`, each once: an aria-describedby never dangles. */
export function presentIds(document: Document, tokens: readonly string[]): string[] {
  return [...new Set(tokens)].filter((token) => token !== '' && document.getElementById(token) !== null);
}
