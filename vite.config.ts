import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.js';

const contract = fileURLToPath(new URL('./contract', import.meta.url));
/** The web app's entry: the page and its script. */
const ENTRY = /[\\/]web[\\/](index\.html|src[\\/]main\.tsx)$/;

// Two builds (`npm run build`): the browser's app into dist/web, then the server entry of the public
// pages (`--ssr`, web/src/ssr/render.tsx) into dist/ssr, which the server imports to render HTML.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  resolve: { alias: { '@contract': contract } },
  // React Router is bundled into the server entry, so its production build is the one that renders.
  ssr: { noExternal: ['react-router'] },
  build: isSsrBuild
    ? { outDir: '../dist/ssr', emptyOutDir: true, target: 'node22', rollupOptions: { input: 'src/ssr/render.tsx' } }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        target: 'es2022',
        // The budget check (scripts/first-load.ts) reads the manifest to follow the first load; the
        // server reads it for a rendered page's CSS and modules.
        manifest: true,
        chunkSizeWarningLimit: 800,
        rolldownOptions: {
          output: {
            // Every module the entry imports, in one chunk beside it: rolldown otherwise splits out each one a
            // lazy page also imports (about 30 small files), and a first load on HTTP/1.1's six connections
            // fetches them in turns (issue 34, item 24). The entry itself stays out, so it stays the entry.
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !ENTRY.test(id) }] },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
