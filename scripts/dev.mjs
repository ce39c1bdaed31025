// `npm run dev`: the API with reload (tsx watch) on :3000 and Vite with hot reload on :5173.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (p) => path.join(root, 'node_modules', p);
const children = [
  // One process: a reload restarts one server, not a primary and its workers.
  spawn(process.execPath, [bin('tsx/dist/cli.mjs'), 'watch', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { WORKERS: '1', ...process.env },
  }),
  spawn(process.execPath, [bin('vite/bin/vite.js')], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  }),
);
