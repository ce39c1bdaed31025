// `npm run bench`: figures on this machine, in one run, reported as ratios (never asserted).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { BUDGET, firstLoad, HOME_ROUTE_MODULE } from '../scripts/first-load.js';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function timeIt(n: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(times);
}

async function main(): Promise<void> {
  console.log('# Contrail bench');
  const dist = path.resolve('dist/web');
  if (fs.existsSync(path.join(dist, '.vite/manifest.json'))) {
    const load = firstLoad(dist, HOME_ROUTE_MODULE);
    console.log(
      `first load of /: JS ${kb(load.jsGzip)} gzip (${((load.jsGzip / BUDGET.jsGzip) * 100).toFixed(0)} % of the 150 KB budget), ` +
        `CSS ${kb(load.cssGzip)} gzip (${((load.cssGzip / BUDGET.cssGzip) * 100).toFixed(0)} % of 20 KB), Ant Design: ${load.hasAntd ? 'yes' : 'no'}`,
    );
  } else {
    console.log('first load of /: no build (run `npm run build` first)');
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-bench-'));
  const { app, services } = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: false });
  try {
    const user = await services.accounts.createUser({
      email: 'bench@example.com',
      username: 'bench',
      password: 'bench-pass-1',
      level: 0,
    });
    const session = await services.accounts.login('bench@example.com', 'bench-pass-1', '127.0.0.1');
    const auth = { authorization: `Bearer ${session.token}` };
    const health = await timeIt(300, () => app.inject({ method: 'GET', url: '/api/v1/health' }));
    const profile = await timeIt(300, () => app.inject({ method: 'GET', url: `/api/v1/users/${user.id}` }));
    const me = await timeIt(300, () => app.inject({ method: 'GET', url: '/api/v1/user/me', headers: auth }));
    const login = await timeIt(10, () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email: 'bench@example.com', password: 'bench-pass-1' },
      }),
    );
    console.log(`API (SQLite, in-process), median of runs; base = GET /health ${health.toFixed(3)} ms`);
    console.log(`  GET /users/{id}      ${(profile / health).toFixed(2)} × health`);
    console.log(`  GET /user/me (auth)  ${(me / health).toFixed(2)} × health`);
    console.log(`  POST /user/login     ${(login / health).toFixed(0)} × health (argon2id by design)`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
