// The JSON Forms peer of the wizard: built only by the benchmark (bench/peer-jsonforms/dist, never shipped).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { precompressPlugin } from '../../src/client/build/assets-plugins.js';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  logLevel: 'warn',
  // Compressed as the wizard is, so the server sends both alike.
  plugins: [react(), precompressPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    reportCompressedSize: false,
  },
});
