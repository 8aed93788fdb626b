/**
 * What each custom widget is, without its React code (no DOM): its `ui:options` with their
 * defaults, the sibling fields it follows (re-rendered when they change) and the fields it owns
 * (writes itself; their errors are shown on the widget), the answers it fetches when it mounts,
 * the module its heavy code loads from, and whether it wants the wide page. Read by the widgets
 * themselves (option defaults), the form step (what to re-render), the error mapping (who owns a
 * hidden field), the review step (how an answer reads), the app shell (the wide page),
 * the definition checker (options and field names) and the pages rendered for each published version
 * (what a step's page preloads). Shared, so the server's checker reads the same ones;
 * widgets/declarations.ts re-exports them for the widgets.
 */
import { apiPaths } from '../contracts/wizard-api.js';
import { fa } from '../text/wizard-strings.fa.js';
import type { VerifyKind } from './verify.js';
import type { CustomWidgetName } from './widget-names.js';

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
  /** GET answers (API paths) the widget asks for as soon as it mounts: its step's page preloads them. */
  fetches?: readonly string[];
  /**
   * The module (path from the project root, as the bundler names it) the widget loads its heavy
   * code from after hydration: its step's page preloads that module's chunks with the form's.
   */
  lazyModule?: string;
  /** The step is laid out beside this widget, on the wide page (the map). */
  widePage?: true;
  /**
   * The `"verify"` kinds of a field's schema the widget carries out: `sms`, a one-time
   * code texted to the number. The checker refuses `"verify"` on a field whose widget has none.
   */
  verifies?: readonly VerifyKind[];
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
    lazyModule: '/widgets/map/LocationMapView.tsx',
    widePage: true,
  },
  provinceSelect: { options: {}, ...none, review: 'province', fetches: [apiPaths.locations] },
  citySelect: {
    options: { provinceField: { kind: 'field', default: 'selectedState' } },
    follows: ['provinceField'],
    owns: [],
    review: 'city',
    fetches: [apiPaths.locations],
  },
  // Follows the map's point: a moved pin brings a suggested address.
  addressTextarea: {
    options: {
      rows: { kind: 'number', default: 2 },
      latitudeField: { kind: 'field', default: 'latitude' },
      longitudeField: { kind: 'field', default: 'longitude' },
    },
    follows: ['latitudeField', 'longitudeField'],
    owns: [],
  },
  mobileNumber: { options: { mask: { kind: 'text', default: '9999-999-9999' } }, ...none, verifies: ['sms'] },
  // No default mask: the digits are shown as typed, as many as the field's maxLength.
  nationalCode: { options: { mask: { kind: 'text', default: '' } }, ...none },
  captcha: {
    options: { idField: { kind: 'field', default: 'captchaId' } },
    follows: ['idField'],
    owns: ['idField'],
    review: 'skip',
    fetches: [apiPaths.captcha],
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

/** Every widget a uiSchema names (`ui:widget`, at any depth), custom or built in. */
export function widgetsIn(ui: unknown, found = new Set<string>()): Set<string> {
  if (typeof ui !== 'object' || ui === null) return found;
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget' && typeof value === 'string') found.add(value);
    else widgetsIn(value, found);
  }
  return found;
}

/** What a step's page should fetch early for the widgets of its uiSchema. */
export interface StepWidgetNeeds {
  /** GET answers the widgets ask for when they mount. */
  fetches: string[];
  /** Modules of the widgets' heavy code. */
  lazyModules: string[];
  /** A widget wants the wide page. */
  widePage: boolean;
}

export function stepWidgetNeeds(ui: Record<string, unknown> | undefined): StepWidgetNeeds {
  const declarations = [...widgetsIn(ui)].flatMap((widget) => declarationOf(widget) ?? []);
  return {
    fetches: [...new Set(declarations.flatMap((declaration) => declaration.fetches ?? []))],
    lazyModules: [...new Set(declarations.flatMap((declaration) => declaration.lazyModule ?? []))],
    widePage: wantsWidePage(ui),
  };
}

/** Whether a step's uiSchema has a field whose widget wants the wide page. */
export function wantsWidePage(ui: Record<string, unknown> | undefined): boolean {
  return entries(ui).some(([, entry]) => declarationOf(entry['ui:widget'])?.widePage === true);
}
