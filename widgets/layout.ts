/**
 * The widgets a step is laid out beside, on the wide page (the map): the one part of the widgets'
 * declarations (declarations.ts) the app shell needs, kept apart so the first chunk carries only it.
 */
import type { CustomWidgetName } from './names.js';

export const wideLayoutWidgets: readonly CustomWidgetName[] = ['locationMap'];

/** Whether a step's uiSchema has a widget that wants the wide page. */
export function wantsWidePage(ui: Record<string, unknown> | undefined): boolean {
  return Object.entries(ui ?? {}).some(
    ([key, entry]) =>
      !key.startsWith('ui:') &&
      typeof entry === 'object' &&
      entry !== null &&
      (wideLayoutWidgets as readonly unknown[]).includes((entry as Record<string, unknown>)['ui:widget']),
  );
}
