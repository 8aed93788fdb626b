/**
 * Storybook for designers: every widget of widgets/ and every step of schemas/wizard.json, rendered
 * by the real components with the API mocked (see preview.tsx). Works offline: telemetry off, and
 * `npm run storybook` passes `--no-version-updates` (otherwise the dev server waits on DNS).
 *
 * The project's vite.config.ts is loaded by the Vite builder (its `build` block is ignored), so the
 * stories get the same resolve aliases and the `virtual:wizard-validators` plugin that the form
 * steps need. Two of its plugins only make sense for the app's own build and are dropped here:
 * precompression (would write .br/.gz beside every Storybook file) and the font preload (rewrites
 * the app's index.html).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';
import {
  compileStepCode,
  readWizard,
  VALIDATORS_MODULE_ID,
  wizardValidatorsPlugin,
} from '../src/client/build/validators-plugin.js';
import { formSteps } from '../src/shared/definition/wizard-definition.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Plugins of vite.config.ts that are about the app's deployable build, not about rendering. */
const APP_BUILD_ONLY_PLUGINS = new Set(['wizard-precompress', 'wizard-font-preload']);

function pluginName(plugin: PluginOption): string | undefined {
  return plugin && typeof plugin === 'object' && 'name' in plugin ? String(plugin.name) : undefined;
}

function flatPlugins(plugins: PluginOption[] | undefined): PluginOption[] {
  return (plugins ?? []).flat(Infinity as 1) as PluginOption[];
}

/**
 * The ajv runtime modules the generated validators import (e.g. ajv/dist/runtime/ucs2length).
 * They sit inside a virtual module Vite's dependency scan does not see, so without this a first
 * `npm run storybook` finds them late, re-optimises and reloads the page under the designer.
 */
function validatorRuntimeDeps(): string[] {
  const ids = new Set<string>();
  try {
    for (const step of formSteps(readWizard(path.join(root, 'schemas')))) {
      if (!step.jsonSchema) continue;
      for (const match of compileStepCode(step.jsonSchema).matchAll(/\brequire\("([^"]+)"\)/g)) {
        if (match[1].startsWith('wizard:')) continue;
        // Vite's dev server asks for the file form too (ajv/dist/runtime/ucs2length.js).
        ids.add(match[1]);
        if (!/\.[cm]?js$/.test(match[1])) ids.add(`${match[1]}.js`);
      }
    }
  } catch {
    // A broken definition is reported by the plugin itself when a step story loads.
  }
  return [...ids];
}

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../widgets/**/*.stories.tsx', '../src/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  // /logo.svg and robots.txt, as the app serves them.
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    const plugins = flatPlugins(viteConfig.plugins).filter(
      (plugin) => !APP_BUILD_ONLY_PLUGINS.has(pluginName(plugin) ?? ''),
    );
    // The form steps import `virtual:wizard-validators`; make sure its plugin is there even if
    // vite.config.ts stops carrying it (or Storybook stops loading the project's config).
    if (!plugins.some((plugin) => pluginName(plugin) === 'wizard-validators')) {
      plugins.push(
        wizardValidatorsPlugin({
          schemasDir: path.join(root, 'schemas'),
          formatsModule: path.join(root, 'src/shared/definition/formats.ts'),
        }),
      );
    }
    return {
      ...viteConfig,
      plugins,
      optimizeDeps: {
        ...viteConfig.optimizeDeps,
        include: [...(viteConfig.optimizeDeps?.include ?? []), ...validatorRuntimeDeps()],
        exclude: [...(viteConfig.optimizeDeps?.exclude ?? []), VALIDATORS_MODULE_ID],
      },
      build: { ...viteConfig.build, chunkSizeWarningLimit: 2000 },
    };
  },
};

export default config;
