import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fontPreloadPlugin, precompressPlugin } from './src/client/build/assets-plugins.js';
import { wizardValidatorsPlugin } from './src/client/build/validators-plugin.js';

const root = path.dirname(fileURLToPath(import.meta.url));

// The browser wizard: built into dist/client, which the Fastify server serves (with the .br/.gz
// files written here). `npm run dev` (scripts/dev.mjs) runs this dev server with /api proxied to a
// dev API server.
export default defineConfig(({ command }) => ({
  root,
  publicDir: 'public',
  plugins: [
    react(),
    wizardValidatorsPlugin({
      schemasDir: path.join(root, 'schemas'),
      formatsModule: path.join(root, 'src/shared/formats.ts'),
    }),
    fontPreloadPlugin({ match: /Vazirmatn-Regular-[\w-]+\.woff2$/ }),
    precompressPlugin(),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            // react-router's package exports only its development build (warnings and invariants
            // kept); the production build it ships beside it is smaller and quieter. Dev keeps the
            // warnings.
            { find: /^react-router$/, replacement: path.join(root, 'node_modules/react-router/dist/production/index.mjs') },
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
}));
