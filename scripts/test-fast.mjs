// `npm run test:fast`: the inner loop. The server and web suites on SQLite only, no browser, no
// type-check or lint (`npm test` runs everything, PostgreSQL and Chromium included).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env };
delete env.TEST_DATABASE_URL;
delete env.CI;
const res = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', '--project', 'web', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env },
);
process.exit(res.status ?? 1);
