import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './src/client/build/assets-plugins.js';
import { fontSubsetPlugin } from './src/client/build/font-subset-plugin.js';
import { prerenderPlugin } from './src/client/build/prerender-plugin.js';
import { shellChunks } from './src/client/build/shell-chunks.js';
import { wizardValidatorsPlugin } from './src/client/build/validators-plugin.js';

const root = path.dirname(fileURLToPath(import.meta.url));

// The browser wizard: built into dist/client, which the Fastify server serves (with the .br/.gz
// files written here). `npm run dev` (scripts/dev.ts) runs this dev server with /api proxied to a
// dev API server.
export default defineConfig(({ command }) => {
  const wizardPage = path.join(root, 'index.html');
  const chunks = shellChunks(wizardPage);
  return {
    root,
    publicDir: 'public',
    plugins: [
      react(),
      wizardValidatorsPlugin({
        schemasDir: path.join(root, 'schemas'),
        formatsModule: path.join(root, 'src/shared/definition/formats.ts'),
      }),
      fontSubsetPlugin({
        fonts: ['Regular', 'Bold'].map((weight) =>
          path.join(root, `node_modules/vazirmatn/fonts/webfonts/Vazirmatn-${weight}.woff2`),
        ),
        cacheDir: path.join(root, 'node_modules/.cache/wizard-fonts'),
      }),
      lazyMarkdownPlugin(),
      rjsfWithoutUriResolverPlugin(),
      chunks.plugin,
      prerenderPlugin({ entry: path.join(root, 'src/client/prerender.tsx') }),
      precompressPlugin(),
    ],
    resolve: {
      alias:
        command === 'build'
          ? [
              // react-router's package exports only its development build (warnings and invariants
              // kept); the production build it ships beside it is smaller and quieter. Dev keeps the
              // warnings.
              {
                find: /^react-router$/,
                replacement: path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
              },
            ]
          : [],
    },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      target: 'es2022',
      // Fonts stay files (cacheable, preloaded), never inlined into CSS.
      assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
      modulePreload: { polyfill: false },
      chunkSizeWarningLimit: 400,
      // The staff console is its own page and bundle: nothing of it reaches the wizard's first load.
      rollupOptions: {
        input: { index: wizardPage, staff: path.join(root, 'staff.html') },
        output: { codeSplitting: { groups: chunks.groups } },
      },
    },
    server: {
      port: Number(process.env.VITE_PORT ?? 5173),
      strictPort: false,
      proxy: {
        '/api': {
          target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001',
          changeOrigin: false,
        },
      },
    },
    preview: {
      proxy: {
        '/api': { target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001' },
      },
    },
  };
});

/**
 * RJSF imports markdown-to-jsx (about 31 KB gzip) statically, yet renders it only for
 * `ui:enableMarkdownInDescription` / `ui:enableMarkdownInHelp` (unused by schemas/ today) and in
 * its own developer error notes. In the build it loads on first use instead: a stand-in shows the
 * text at once and the real component replaces it when its chunk arrives, so the form steps'
 * chunk no longer carries it (measured by `npm run bench`).
 */
function lazyMarkdownPlugin(): Plugin {
  const standIn = '\0lazy-markdown-to-jsx';
  return {
    name: 'wizard-lazy-markdown',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, importer) {
      return id === 'markdown-to-jsx/react' && importer !== standIn ? standIn : null;
    },
    load(id) {
      if (id !== standIn) return null;
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        "const Real = lazy(() => import('markdown-to-jsx/react').then((module) => ({ default: module.Markdown })));",
        'export function Markdown(props) {',
        "  return createElement(Suspense, { fallback: createElement('span', null, props.children) }, createElement(Real, props));",
        '}',
      ].join('\n');
    },
  };
}

/**
 * @rjsf/utils imports fast-uri (about 7 KB gzip) only to resolve `$id`s and `$ref`s in a root
 * schema that declares JSON Schema 2020-12; every other schema's refs it follows by JSON pointer.
 * The definition checker refuses any `"$schema"` but draft-07 in every published version and every
 * previewed draft (src/server/definition-check/meta.ts), so in the build RJSF gets a stand-in that
 * says so if that path is ever reached. ajv keeps the real fast-uri.
 */
function rjsfWithoutUriResolverPlugin(): Plugin {
  const standIn = '\0rjsf-draft-2020-12-uri';
  return {
    name: 'wizard-rjsf-without-uri-resolver',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, importer) {
      return id === 'fast-uri' && importer !== undefined && /[\\/]@rjsf[\\/]utils[\\/]/.test(importer) ? standIn : null;
    },
    load(id) {
      if (id !== standIn) return null;
      return [
        'const refused = () => {',
        '  throw new Error(\'JSON Schema 2020-12 reached RJSF, but the wizard reads draft-07 only (the definition checker refuses any other "$schema")\');',
        '};',
        'export default { resolve: refused, equal: refused };',
      ].join('\n');
    },
  };
}
