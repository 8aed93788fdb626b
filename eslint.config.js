// ESLint for the whole tree (`npm run lint`, a stage of `npm test`). Type-aware rules come from the
// TypeScript program itself (projectService), so `any` cannot leak out of a module unnoticed.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of the house: `src/shared` ← client and server; widgets never reach into the client.
 * The rooms inside src/server and src/client are held by dependency-cruiser on resolved paths
 * (.dependency-cruiser.cjs): ESLint keeps one `no-restricted-imports` setting per file, so nested
 * layers here would silently replace these.
 */
const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: forbidden.map((regex) => ({ regex, message })) }],
  },
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'storybook-static/',
      'bench/peer*/dist/',
      'bench/tmp/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'tests/unit/client/.generated/',
      // Neshan's SDK as published (minified): not our code to lint.
      'widgets/vendor/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // React event handlers may be async; the promise is handled inside.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Fastify's plugin and route API tells plugins from callback-style ones by the async
      // signature, so an async function without an await is the interface, not a mistake.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests break JSON on purpose (schemas, payloads, API answers) and read it back: the parsed
    // value's type is the question under test, so `any` is allowed there, and only there. Product
    // code, scripts and the benchmark keep every no-unsafe rule.
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Playwright reads a fixture's first parameter as a destructuring pattern, even an empty one.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Short functions: a function past 80 lines (blank lines and comments aside) is split along the
    // seams it has (route groups, hooks, sub-components, checker passes). Product code only: a test
    // file's suite is one closure over its fixtures, and scripts/ and bench/ are one-off programs.
    files: ['src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  layer(
    ['src/shared/**'],
    ['^(\\.\\./)+(client|server)(/|$)', '^(\\.\\./)+widgets(/|$)'],
    'src/shared is used by both sides and imports neither the client, the server nor the widgets.',
  ),
  layer(
    ['src/client/**'],
    ['^(\\.\\./)+server(/|$)'],
    'The client never imports the server: share through src/shared.',
  ),
  layer(
    ['src/server/**'],
    ['^(\\.\\./)+client(/|$)', '^(\\.\\./)+widgets(/|$)'],
    'The server never imports the client or the widgets: share through src/shared.',
  ),
  layer(
    ['widgets/**'],
    ['^(\\.\\./)+src/client(/|$)', '^(\\.\\./)+src/server(/|$)'],
    'Widgets take what they need from the widget services context (widgets/services.ts), not from src/client.',
  ),
  prettier,
);
