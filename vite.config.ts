import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.js';

const contract = fileURLToPath(new URL('./contract', import.meta.url));

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
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
