/**
 * Every story of the project rendered once, with the project's Storybook annotations (RTL page,
 * seeded React Query, the fetch stub), so a broken story fails CI; plus the coverage the stories owe
 * (story-requirements.ts): each widget's story file covers its states, and every step of schemas/wizard.json has a story.
 */
import './setup.js';
import type { ReactElement } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { TranslatableString } from '@rjsf/utils';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCalls, resetApiCalls } from '../../.storybook/api-mock.js';
import { customWidgetNames } from '../../widgets/names.js';
import { shellWizard } from '../../src/client/wizard-source.js';
import { FETCHING_HOOKS, requiredStates, statesOf, widgetFileBase, type StoryFacts } from './story-requirements.js';

// Storybook and the app get the validators from the Vite plugin's virtual module; here the same
// generated code, through the same RJSF precompiled validator (see wizard-validators.ts).
vi.mock('../../src/client/form/bundled-validators.js', async () => ({
  precompiledValidatorFactory: (await import('./wizard-validators.js')).buildPrecompiledValidatorFactory(),
}));

type StoriesModule = Record<string, unknown> & { default?: { title?: string } };
/** What the test uses of a composed story (portable stories API). */
interface ComposedStory {
  (): ReactElement;
  storyName: string;
  tags: string[];
  args: Record<string, unknown>;
  parameters: Record<string, unknown>;
  play?: (context: { canvasElement: HTMLElement }) => Promise<void>;
}
const modules = import.meta.glob<StoriesModule>('../../{widgets,src}/**/*.stories.tsx', { eager: true });
const widgetSources = import.meta.glob<string>('../../widgets/**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** Texts that mean a story rendered an error instead of its component. */
const ERROR_SCREENS = [
  'Unexpected Application Error', // react-router's default error element
  'Something went wrong',
  'Unsupported field schema', // RJSF: a field it cannot render
  'پشتیبانی نمی‌شود', // the same, in the Persian the registry's translateString gives it (fa.ui.form.rjsf)
  'No widget',
  'Minified React error',
  'is not defined',
];

const uncaught: unknown[] = [];
const onWindowError = (event: ErrorEvent) => uncaught.push(event.error ?? event.message);
beforeAll(() => window.addEventListener('error', onWindowError));
afterAll(() => window.removeEventListener('error', onWindowError));

afterEach(() => {
  cleanup();
  resetApiCalls();
  uncaught.length = 0;
});

/** RJSF's English words (its error list's «Errors», a button's «Add», …): none may be a text on the page. */
const RJSF_ENGLISH = new Set<string>(Object.values(TranslatableString).filter((text) => !text.includes('%')));
/** RJSF's own error list and field error list: the wizard's templates replace both (raw field names, English). */
const RJSF_DEFAULT_CHROME = '.panel.errors, .error-detail';

/**
 * Texts and accessible names that are one of RJSF's English words, whole (code and editors aside:
 * they show JSON).
 */
function englishWordsShown(root: HTMLElement): string[] {
  return [...root.querySelectorAll<HTMLElement>('*:not(script):not(style)')]
    .filter((element) => !element.closest('code, pre, .cm-editor'))
    .flatMap((element) => [
      element.children.length === 0 ? (element.textContent ?? '').trim() : '',
      ...['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    ])
    .filter((text) => RJSF_ENGLISH.has(text));
}

const fileName = (path: string) => path.replace(/^(\.\.\/)+/, '');

interface StoryTest {
  path?: string;
  text?: string[];
  button?: string;
  value?: string;
  /** The story posts the registration (method and path of the mocked API call). */
  posts?: string;
}

/**
 * Runs a play function as Storybook does, outside React's act() queue: a play clicks and then
 * waits for what React renders next, which an enclosing act() would hold back until it returns.
 */
async function playOutsideAct(play: () => Promise<void> | undefined): Promise<void> {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const previous = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await play();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}

const files = Object.entries(modules).sort(([a], [b]) => a.localeCompare(b));

it('finds story files (widgets/ and src/)', () => {
  expect(files.length, 'no *.stories.tsx found under widgets/ or src/').toBeGreaterThan(0);
});

describe.each(files.map(([path, module]) => [fileName(path), module] as const))('%s', (file, module) => {
  const stories = Object.entries(composeStories(module as never)) as Array<[string, ComposedStory]>;

  it('exports at least one story', () => {
    expect(stories.length, `${file} has no story`).toBeGreaterThan(0);
  });

  it.each(stories.map(([exportName, Story]) => [exportName, Story] as const))(
    'renders %s',
    async (exportName, Story) => {
      // Async act: the form steps suspend on their lazy chunk, definition and validators.
      let container: HTMLElement = document.body;
      await act(async () => {
        container = render(<Story />).container;
      });
      if (Story.play) await playOutsideAct(() => Story.play?.({ canvasElement: container }));
      const expected = (Story.parameters.storyTest ?? {}) as StoryTest;

      // Something meaningful on screen: text, and no lazy placeholder left behind.
      await waitFor(
        () => expect((container.textContent ?? '').trim(), `${file} › ${exportName} rendered nothing`).not.toBe(''),
        {
          timeout: 10_000,
        },
      );
      await waitFor(
        () =>
          expect(
            container.querySelector('.step-placeholder'),
            `${file} › ${exportName}: the step never loaded`,
          ).toBeNull(),
        {
          timeout: 10_000,
        },
      );
      if (expected.path !== undefined) {
        await waitFor(() => expect(screen.getByTestId('story-location').textContent).toBe(expected.path), {
          timeout: 10_000,
        });
      }
      for (const text of expected.text ?? []) {
        await waitFor(
          () => expect(container.textContent, `${file} › ${exportName} should show «${text}»`).toContain(text),
          {
            timeout: 10_000,
          },
        );
      }
      if (expected.button) await screen.findByRole('button', { name: expected.button }, { timeout: 10_000 });
      if (expected.value) await screen.findByDisplayValue(expected.value, undefined, { timeout: 10_000 });

      if (expected.posts) {
        const [method, path] = expected.posts.split(' ');
        const post = apiCalls().find((call) => call.method === method && call.path === path);
        expect(post, `${file} › ${exportName} should have sent ${expected.posts}`).toBeDefined();
        expect(post?.headers['idempotency-key'], 'the registration is posted with an Idempotency-Key').toMatch(/\S/);
        expect(post?.body, 'the posted registration carries the manager (adminData)').toHaveProperty('adminData');
      }

      const shown = document.body.textContent ?? '';
      for (const marker of ERROR_SCREENS)
        expect(shown, `${file} › ${exportName} shows an error screen`).not.toContain(marker);
      expect(englishWordsShown(document.body), `${file} › ${exportName} shows RJSF's English words`).toEqual([]);
      expect(
        document.body.querySelector(RJSF_DEFAULT_CHROME),
        `${file} › ${exportName} shows RJSF's own error list (raw field names)`,
      ).toBeNull();
      // The page is right to left and Persian, as the preview sets it.
      expect(document.documentElement.getAttribute('dir')).toBe('rtl');
      expect(document.documentElement.getAttribute('lang')).toBe('fa');
      expect(
        container.querySelector('[dir="rtl"][lang="fa"]'),
        `${file} › ${exportName} is not inside the RTL wrapper`,
      ).not.toBeNull();
      expect(uncaught, `${file} › ${exportName} threw`).toEqual([]);
    },
    30_000,
  );
});

// ——— the stories' coverage ———

function widgetFetches(name: string): boolean {
  // The widget's file and the widgets/ modules it imports, one level deep (the map's view).
  const base = `../../widgets/${widgetFileBase(name)}.tsx`;
  const source = widgetSources[base] ?? '';
  const imported = [...source.matchAll(/from\s+'\.\/([^']+)\.js'/g)].map((match) => match[1]);
  const sources = [
    source,
    ...imported.map(
      (relative) =>
        widgetSources[`../../widgets/${relative}.tsx`] ?? widgetSources[`../../widgets/${relative}.ts`] ?? '',
    ),
  ];
  return sources.some((text) => FETCHING_HOOKS.test(text));
}

function factsOf(module: StoriesModule): StoryFacts[] {
  return Object.entries(composeStories(module as never)).map(([exportName, story]) => {
    const composed = story as unknown as Partial<ComposedStory>;
    return {
      exportName,
      name: composed.storyName ?? exportName,
      tags: composed.tags ?? [],
      args: composed.args ?? {},
      parameters: composed.parameters ?? {},
    };
  });
}

describe('a story file beside each widget, covering its states', () => {
  it.each(customWidgetNames.map((name) => [name]))('%s', (name) => {
    const file = `widgets/${widgetFileBase(name)}.stories.tsx`;
    const module = modules[`../../${file}`];
    expect(module, `widget "${name}" (widgets/names.ts) has no story file: add ${file}`).toBeDefined();
    const facts = factsOf(module);
    const covered = new Set(facts.flatMap((story) => [...statesOf(story)]));
    const fetches = widgetFetches(name);
    const missing = requiredStates(fetches).filter((state) => !covered.has(state));
    expect(
      missing,
      `${file} lacks the state(s) ${missing.map((state) => `"${state}"`).join(', ')} ` +
        `(every widget: empty, filled, invalid with message, disabled${fetches ? ', and loading and error since it fetches' : ''}). ` +
        `Stories found: ${facts.map((story) => story.exportName).join(', ') || 'none'}. ` +
        'Name a story after its state (e.g. `export const Loading`), or tag it `state:<name>`.',
    ).toEqual([]);
  });
});

describe('a story for every step of schemas/wizard.json', () => {
  const stepStories = Object.entries(modules)
    .filter(([path]) => path.startsWith('../../src/'))
    .flatMap(([, module]) => factsOf(module));

  it.each(shellWizard.steps.map((step) => [step.id]))('%s', (stepId) => {
    const found = stepStories.filter((story) => story.tags.includes(`step:${stepId}`));
    expect(
      found.length,
      `step "${stepId}" of schemas/wizard.json has no story: add one tagged "step:${stepId}" to src/client/stories/Steps.stories.tsx`,
    ).toBeGreaterThan(0);
  });
});
