/**
 * The accessibility rules every story is held to, in one place for the Storybook a11y addon's panel
 * (preview.tsx's `parameters.a11y`) and for `npm run test:stories-visual`, which fails on any
 * violation the addon's own axe-core run reports for a story (tests/stories/visual/stories.spec.ts):
 * so the panel and the test cannot disagree.
 *
 * The rules: axe-core's WCAG 2.0 and 2.1 A and AA rules, as the end-to-end scan of the built wizard
 * (tests/e2e/helpers.ts). A rule is switched off only with a written reason here (listed in
 * docs/storybook.md); a single story may switch one off in its own `parameters.a11y.config.rules`,
 * with its reason beside it.
 */
export const a11yRuleTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/**
 * Rules off for every story, each with its reason. None today: every story passes every rule of
 * the tags above. (The addon itself leaves out `region`, "all content inside landmarks", which is
 * a best-practice rule outside these tags anyway: a widget alone is not a page.)
 */
export const a11yExceptions: Readonly<Record<string, string>> = {};

export const a11yParameters = {
  // A violation is an error in the panel and fails the story's run, not a to-do.
  test: 'error',
  options: { runOnly: { type: 'tag', values: [...a11yRuleTags] } },
  config: { rules: Object.keys(a11yExceptions).map((id) => ({ id, enabled: false })) },
} as const;
