import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.js';

const contract = fileURLToPath(new URL('./contract', import.meta.url));

export default defineConfig({
  root: 'web',
  plugins: [react(), precompress()],
  resolve: { alias: { '@contract': contract } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // The budget check (scripts/first-load.ts) reads the manifest to follow the first load.
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
