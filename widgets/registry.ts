/**
 * What the generic stepper hands RJSF's registry, and what the widget stories and tests mount
 * through (widget-form.tsx), so a widget is wrapped the same in both: the custom widgets of
 * widgets/ (by the names in widgets/names.ts), the field chrome (templates/), RJSF's own words in
 * Persian (`translateString`) and how RJSF fills defaults. A uiSchema naming a widget nobody
 * registers falls back to RJSF's default widget for the field's type instead of breaking the step.
 */
import { replaceStringParameters, TranslatableString, type RegistryWidgetsType, type UiSchema } from '@rjsf/utils';
import { fa } from '../src/shared/text/wizard-strings.fa.js';
import { widgets as customWidgets } from './index.js';
import { builtInWidgetNames } from './names.js';
import TypedTextWidget from './TypedText.js';

/** RJSF would otherwise fill a `const` in as a default: preselected options, pre-ticked terms. */
export const DEFAULTS_BEHAVIOUR = { constAsDefaults: 'never' } as const;

// RJSF's own TextWidget replaced by one that keeps typed text in the field (widgets/TypedText.tsx).
export const widgets: RegistryWidgetsType = {
  ...(customWidgets as unknown as RegistryWidgetsType),
  TextWidget: TypedTextWidget,
};

export { templates } from './templates/field-templates.js';

// Typed by TranslatableString's keys: an RJSF upgrade adding a word fails the typecheck here.
const persianWords: Record<keyof typeof TranslatableString, string> = fa.ui.form.rjsf;
const persianByEnglish = new Map<string, string>(
  Object.entries(TranslatableString).map(([key, english]) => [
    english,
    persianWords[key as keyof typeof TranslatableString],
  ]),
);

/**
 * RJSF's `translateString`: its interface words (the error list's «Errors», «Add», an unsupported
 * field's notice, …) in Persian from strings.fa.ts.
 */
export function translateString(english: TranslatableString, params?: string[]): string {
  return replaceStringParameters(persianByEnglish.get(english) ?? english, params);
}

const knownWidgets = new Set<string>([...Object.keys(widgets), ...builtInWidgetNames]);

/** A copy of the step's uiSchema in which every `ui:widget` names a registered widget. */
export function usableUiSchema(ui: Record<string, unknown> | undefined): UiSchema {
  const copy: Record<string, unknown> = { ...(ui ?? {}) };
  for (const [key, value] of Object.entries(copy)) {
    if (key.startsWith('ui:') || typeof value !== 'object' || value === null) continue;
    const widget = (value as Record<string, unknown>)['ui:widget'];
    if (typeof widget === 'string' && !knownWidgets.has(widget)) {
      const { 'ui:widget': _unknown, ...rest } = value as Record<string, unknown>;
      copy[key] = rest;
    }
  }
  return copy as UiSchema;
}
