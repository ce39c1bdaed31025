// `npm start`: build the web app when its sources are newer than the build, then run the server
// (migrations are applied at start-up). One process serves the SPA and the API.
import './require-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');
// The server entry of the public pages (web/src/ssr/render.tsx), built after the browser's app.
const builtSsr = path.join(root, 'dist/ssr/render.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'web')),
  newestMtime(path.join(root, 'contract')),
  fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
);
const stale = (file) => !fs.existsSync(file) || fs.statSync(file).mtimeMs < sources;
if (stale(built) || stale(builtSsr)) {
  console.log('构建网页……');
  for (const ssr of [[], ['--ssr']]) {
    const res = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...ssr, '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
}

// Two malloc arenas: image work on libvips' threads otherwise leaves glibc a heap per thread that it
// never gives back (300 uploads: +346 MB idle with the default, +140 MB with two; ADR 0012).
// Arguments pass through: `npm start -- --demo` fills an empty site with the demo community first.
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
