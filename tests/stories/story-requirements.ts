/**
 * What the stories must cover, in one place for the Vitest check (stories.test.tsx) and the
 * static-build check (check-static.ts):
 * - a story file beside each widget of widgets/names.ts, covering its states: empty, filled,
 *   invalid (with its message), disabled, and loading and error where the widget fetches;
 * - a story for every step of schemas/wizard.json.
 */

export const BASE_STATES = ['empty', 'filled', 'invalid', 'disabled'] as const;
export const FETCH_STATES = ['loading', 'error'] as const;
export type WidgetState = (typeof BASE_STATES)[number] | (typeof FETCH_STATES)[number];

/** `locationMap` -> `LocationMap` (the widget's file name, and its story file's). */
export function widgetFileBase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `PharmacyInfoEmpty` / `pharmacy info empty` -> `pharmacy-info-empty` (Storybook's id form). */
export function kebab(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

export interface StoryFacts {
  exportName: string;
  name: string;
  tags: readonly string[];
  args: Record<string, unknown>;
  parameters: Record<string, unknown>;
}

const NAME_PATTERNS: Record<WidgetState, RegExp> = {
  empty: /(^|-)(empty|blank|unset|unanswered|unchecked|no-value)(-|$)/,
  filled: /(^|-)(filled|with-value|prefilled|selected|checked|answered|accepted|saved|restored|typed)(-|$)/,
  invalid: /(^|-)(invalid|with-message|error-message|validation)(-|$)/,
  disabled: /(^|-)(disabled|read-?only)(-|$)/,
  loading: /(^|-)(loading|pending|fetching)(-|$)/,
  error: /(^|-)(error|failed|failure|offline|fetch-error|load-error)(-|$)/,
};

function seedsOf(parameters: Record<string, unknown>): unknown[] {
  const api = parameters.api;
  return api && typeof api === 'object' ? Object.values(api as Record<string, unknown>) : [];
}

/** The states one story shows: from a `state:<name>` tag, its name, or what its args/parameters set. */
export function statesOf(story: StoryFacts): Set<WidgetState> {
  const states = new Set<WidgetState>();
  const all = [...BASE_STATES, ...FETCH_STATES] as WidgetState[];
  for (const tag of story.tags) {
    const match = /^state:(.+)$/.exec(tag);
    if (match && (all as string[]).includes(match[1])) states.add(match[1] as WidgetState);
  }
  const names = [kebab(story.exportName), kebab(story.name)];
  for (const state of all) {
    const pattern = NAME_PATTERNS[state];
    if (names.some((name) => pattern.test(name))) {
      // "error-message" names the invalid state, not a failed fetch.
      if (state === 'error' && names.some((name) => /(^|-)error-message(-|$)/.test(name))) continue;
      states.add(state);
    }
  }
  const { args } = story;
  if (args.disabled === true || args.readonly === true) states.add('disabled');
  if (Array.isArray(args.rawErrors) && args.rawErrors.length > 0) states.add('invalid');
  const seeds = seedsOf(story.parameters);
  if (seeds.includes('loading')) states.add('loading');
  if (seeds.includes('error')) states.add('error');
  return states;
}

/** States a widget's stories must cover. */
export function requiredStates(fetches: boolean): WidgetState[] {
  return fetches ? [...BASE_STATES, ...FETCH_STATES] : [...BASE_STATES];
}

/** React Query hooks that make a widget fetch (its loading and error states are then required). */
export const FETCHING_HOOKS = /\buse(Locations|Captcha|RegisterConfig)\s*\(/;
