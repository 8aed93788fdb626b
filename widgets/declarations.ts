/**
 * What each custom widget is, without its React code (no DOM): its `ui:options` with their
 * defaults, the sibling fields it follows (re-rendered when they change) and the fields it owns
 * (writes itself; their errors are shown on the widget). Read by the widgets themselves (option
 * defaults), the form step (what to re-render), the error mapping (who owns a hidden field), the
 * review step (how an answer reads) and schemas:check (options and field names). Which widgets
 * want the wide page is layout.ts (the app shell reads only that).
 */
import { fa } from '../src/shared/strings.fa.js';
import type { CustomWidgetName } from './names.js';

export type WidgetOption =
  /** The name of a sibling field of the step. */
  { kind: 'field'; default: string } | { kind: 'text'; default: string } | { kind: 'number'; default: number };

export interface WidgetDeclaration {
  options: Record<string, WidgetOption>;
  /** Options (of kind field) naming siblings the widget reads. */
  follows: readonly string[];
  /** Options (of kind field) naming siblings the widget writes. */
  owns: readonly string[];
  /**
   * How the review step shows the field's answer: `skip` (a check, not an answer), `province` /
   * `city` (the place's name), `position` (latitude with its owned longitude, as text).
   */
  review?: 'skip' | 'province' | 'city' | 'position';
}

const none: Pick<WidgetDeclaration, 'follows' | 'owns'> = { follows: [], owns: [] };

export const widgetDeclarations: Record<CustomWidgetName, WidgetDeclaration> = {
  locationMap: {
    options: {
      longitudeField: { kind: 'field', default: 'longitude' },
      provinceField: { kind: 'field', default: 'selectedState' },
      cityField: { kind: 'field', default: 'cityId' },
    },
    follows: ['provinceField', 'cityField'],
    owns: ['longitudeField'],
    review: 'position',
  },
  provinceSelect: { options: {}, ...none, review: 'province' },
  citySelect: {
    options: { provinceField: { kind: 'field', default: 'selectedState' } },
    follows: ['provinceField'],
    owns: [],
    review: 'city',
  },
  addressTextarea: { options: { rows: { kind: 'number', default: 2 } }, ...none },
  mobileNumber: { options: { mask: { kind: 'text', default: '9999-999-9999' } }, ...none },
  // No default mask: the digits are shown as typed, as many as the field's maxLength.
  nationalCode: { options: { mask: { kind: 'text', default: '' } }, ...none },
  captcha: {
    options: { idField: { kind: 'field', default: 'captchaId' } },
    follows: ['idField'],
    owns: ['idField'],
    review: 'skip',
  },
  acceptTerms: {
    options: { rulesButton: { kind: 'text', default: fa.widgets.terms.rulesButton } },
    ...none,
    review: 'skip',
  },
};

export function declarationOf(widget: unknown): WidgetDeclaration | undefined {
  return typeof widget === 'string' && Object.hasOwn(widgetDeclarations, widget)
    ? widgetDeclarations[widget as CustomWidgetName]
    : undefined;
}

/** A string option's value (a field name or a text): the uiSchema's, else the declared default. */
export function fieldOption(
  declaration: WidgetDeclaration,
  options: Record<string, unknown> | undefined,
  name: string,
): string {
  const value = options?.[name];
  const declared = declaration.options[name];
  if (typeof value === 'string' && value !== '') return value;
  return declared && declared.kind !== 'number' ? declared.default : '';
}

type UiEntry = { 'ui:widget'?: unknown; 'ui:options'?: Record<string, unknown> };

function entries(ui: Record<string, unknown> | undefined): Array<[string, UiEntry]> {
  return Object.entries(ui ?? {}).filter(
    (entry): entry is [string, UiEntry] =>
      !entry[0].startsWith('ui:') && typeof entry[1] === 'object' && entry[1] !== null,
  );
}

/** Sibling fields some widget of the step follows or owns (a change of one re-renders the widgets). */
export function followedFields(ui: Record<string, unknown> | undefined): string[] {
  const found = new Set<string>();
  for (const [, entry] of entries(ui)) {
    const declaration = declarationOf(entry['ui:widget']);
    if (!declaration) continue;
    for (const option of [...declaration.follows, ...declaration.owns])
      found.add(fieldOption(declaration, entry['ui:options'], option));
  }
  return [...found].filter(Boolean).sort();
}

/** Owned field -> the field whose widget owns it (the map owns longitude, the captcha its id). */
export function ownedFields(ui: Record<string, unknown> | undefined): Record<string, string> {
  const owners: Record<string, string> = {};
  for (const [field, entry] of entries(ui)) {
    const declaration = declarationOf(entry['ui:widget']);
    for (const option of declaration?.owns ?? [])
      owners[fieldOption(declaration!, entry['ui:options'], option)] = field;
  }
  return owners;
}

export { wantsWidePage, wideLayoutWidgets } from './layout.js';
