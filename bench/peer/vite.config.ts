// The SurveyJS peer of the wizard: built only by the benchmark (bench/peer/dist, never shipped).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { precompressPlugin } from '../../src/client/build/assets-plugins.js';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  logLevel: 'warn',
  // The wizard's own precompression (.br/.gz beside each file), so the server sends the peer as
  // compressed as the wizard: a like-for-like comparison.
  plugins: [react(), precompressPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    reportCompressedSize: false,
  },
});
