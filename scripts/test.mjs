// `npm test`: type-check, lint, format check, build the web app, then every Vitest suite (server
// API on SQLite and — when a server is available — PostgreSQL, web components, browser tests).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (p) => path.join(root, 'node_modules', p);
const env = { ...process.env };
const ci = env.CI === 'true';

function step(title, file, args) {
  console.log(`\n▶ ${title}`);
  const res = spawnSync(process.execPath, [file, ...args], { cwd: root, stdio: 'inherit', env });
  if (res.status !== 0) {
    console.error(`✖ ${title} failed`);
    cleanup();
    process.exit(res.status ?? 1);
  }
}

let pgDir = null;
function cleanup() {
  if (pgDir) spawnSync('bash', [path.join(root, 'scripts/pg-throwaway.sh'), 'stop', pgDir], { stdio: 'ignore' });
  pgDir = null;
}

// Without TEST_DATABASE_URL, start a throwaway PostgreSQL cluster when the server binaries exist.
if (!env.TEST_DATABASE_URL) {
  try {
    const out = execFileSync('bash', [path.join(root, 'scripts/pg-throwaway.sh'), 'start'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, PG_PORT: env.PG_PORT ?? String(56000 + (process.pid % 1000)) },
    });
    env.TEST_DATABASE_URL = /TEST_DATABASE_URL=(\S+)/.exec(out)[1];
    pgDir = /PG_THROWAWAY_DIR=(\S+)/.exec(out)[1];
    console.log(`PostgreSQL suite: throwaway cluster at ${env.TEST_DATABASE_URL}`);
  } catch (err) {
    if (ci) throw err;
    console.log('PostgreSQL suite skipped: no server binaries (set TEST_DATABASE_URL to run it)');
  }
}
process.on('exit', cleanup);

step('type-check', bin('typescript/bin/tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('lint', bin('eslint/bin/eslint.js'), ['.']);
step('format', bin('prettier/bin/prettier.cjs'), ['--check', '.', '--log-level', 'warn']);
step('build web', bin('vite/bin/vite.js'), ['build', '--logLevel', 'warn']);
step("build the public pages' server entry", bin('vite/bin/vite.js'), ['build', '--ssr', '--logLevel', 'warn']);

const report = path.join(root, 'test-results/vitest.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
console.log('\n▶ tests');
const res = spawnSync(
  process.execPath,
  [bin('vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { cwd: root, stdio: 'inherit', env },
);
cleanup();
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  if (ci && skipped > 0) {
    console.error(`✖ ${skipped} tests skipped: in CI every suite (browser, PostgreSQL) must run`);
    process.exit(1);
  }
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(res.status ?? 1);
