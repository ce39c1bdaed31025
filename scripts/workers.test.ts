import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteFile } from '../server/src/db/database.js';
import { freePort, waitUntilHealthy } from '../server/src/testing/process.js';
import { startSmtp } from '../server/src/testing/smtp.js';

// Issue 37, item 4: `npm start` runs WORKERS processes on one port and one SQLite file. Both answer,
// a job runs in one of them only, nothing fails with `database is locked`, and SIGTERM drains them all.

/** GET on a connection of its own (the cluster hands connections out in turn, not requests). */
function healthOnce(url: string): Promise<{ worker: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/api/v1/health`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(JSON.parse(body) as { worker: number }));
      })
      .on('error', reject);
  });
}

async function post(url: string, body: unknown): Promise<number> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.status;
}

describe('npm start with two workers on SQLite', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-workers-'));
  let child: ChildProcess | undefined;
  let closeSmtp: () => Promise<void> = async () => undefined;
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      // Whatever happened, nothing is left running: the whole group (npm start, primary, workers).
      process.kill(-child.pid!, 'SIGKILL');
    }
    await closeSmtp();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers from both, sends each mail once, never meets a locked database, and stops on SIGTERM', async () => {
    const smtp = await startSmtp();
    closeSmtp = smtp.close;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WORKERS: '2',
        LOG_LEVEL: 'info',
        SMTP_URL: smtp.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (c: Buffer) => output.push(c.toString()));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    await waitUntilHealthy(url, child);

    // Both workers answer once both listen (the first may answer alone while the second still starts):
    // new connections go to each in turn.
    const seen = new Set<number>();
    await expect
      .poll(
        async () => {
          seen.add((await healthOnce(url)).worker);
          return [...seen].sort();
        },
        { timeout: 60_000 },
      )
      .toEqual([1, 2]);

    // Two mails, each sent by one worker only: both job runners claim from the same table.
    for (const n of [1, 2]) {
      const email = `w${n}@example.com`;
      const body = { username: `工人${n}`, email, password: 'correct-horse-1', acceptTerms: true, ownPhotosOnly: true };
      expect(await post(`${url}/api/v1/user/register`, body)).toBe(200);
      expect(await post(`${url}/api/v1/user/password/forgot`, { email })).toBe(200);
      await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length).toBe(1);
    }

    // SIGTERM to `npm start` reaches the primary, which drains its workers and ends.
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(smtp.received).toHaveLength(2);
    const log = output.join('');
    expect(log).not.toMatch(/database is locked|SQLITE_BUSY/);
    expect(log).toMatch(/2 workers on port/);
    const db = new Database(sqliteFile(dataDir), { readonly: true });
    try {
      expect(db.prepare('select kind, last_error from jobs where last_error is not null').all()).toEqual([]);
    } finally {
      db.close();
    }
    // A server process's start (tsx compiling, migrations) takes seconds on a busy machine.
  }, 120_000);
});
