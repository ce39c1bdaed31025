import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/texts.js';
import { databaseKinds, expectChineseError, inFlightMeta, memberOnServer, multipartBody } from '../testing/harness.js';
import { asAnotherFile, makeJpeg } from '../testing/images.js';
import { freePort, startServer, type RunningServer } from '../testing/process.js';
import { startS3 } from '../testing/s3.js';

// Outages answer honestly (issue 17, item 3): with PostgreSQL stopped or frozen, S3 stopped or the
// disk full, requests answer 503 with Retry-After and a Chinese message that says what is wrong; the
// site recovers by itself when the dependency is back; each outage is logged once, with its end.

const root = path.resolve(import.meta.dirname, '../../..');
const pgScript = path.join(root, 'scripts/pg-throwaway.sh');

interface Answer {
  status: number;
  body: { message?: string; code?: string; database?: boolean; storage?: boolean; disk?: boolean };
  retryAfter: string | null;
}
const ask = async (url: string, init?: RequestInit): Promise<Answer> => {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as Answer['body'], retryAfter: res.headers.get('retry-after') };
};
const expectOutage = (a: Answer, message: string) => {
  expect(a.status, JSON.stringify(a.body)).toBe(503);
  expect(a.body).toEqual({ message, code: 'UNAVAILABLE' });
  expect(a.retryAfter).toBe('10');
  expectChineseError(a.body as { message: string });
};
const lines = (server: RunningServer, text: string) => server.output.filter((l) => l.includes(text)).length;

async function uploadOne(server: RunningServer, who: { token: string; typeId: number }, registration: string) {
  const { payload, headers } = await multipartBody({
    file: asAnotherFile(await makeJpeg({ width: 1600, height: 1067, seed: registration.length }), registration),
    meta: inFlightMeta(who.typeId, registration),
  });
  return ask(`${server.url}/api/v1/photos`, {
    method: 'POST',
    body: new Uint8Array(payload),
    headers: { ...headers, authorization: `Bearer ${who.token}` },
  });
}

describe.runIf(databaseKinds().includes('postgres'))('PostgreSQL stopped and frozen under a running server', () => {
  let server: RunningServer | null = null;
  let cluster: { dir: string; port: number } | null = null;
  const postgresPids = () => {
    const postmaster = Number(fs.readFileSync(path.join(cluster!.dir, 'data/postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
    return [postmaster, ...children];
  };
  const signalAll = (signal: NodeJS.Signals) => {
    for (const pid of postgresPids()) {
      try {
        process.kill(pid, signal);
      } catch {
        // a backend that ended meanwhile
      }
    }
  };
  afterAll(async () => {
    if (cluster) {
      try {
        signalAll('SIGCONT');
      } catch {
        // halted: no pid file
      }
    }
    await server?.stop();
    if (cluster) spawnSync('bash', [pgScript, 'stop', cluster.dir], { stdio: 'ignore' });
  });

  let url = '';
  beforeAll(async () => {
    // A cluster of its own: stopping the suite's shared one would fail every other test.
    const port = await freePort();
    const out = execFileSync('bash', [pgScript, 'start'], { encoding: 'utf8', env: { ...process.env, PG_PORT: String(port) } });
    cluster = { dir: /PG_THROWAWAY_DIR=(\S+)/.exec(out)![1]!, port };
    url = /TEST_DATABASE_URL=(\S+)/.exec(out)![1]!;
    server = await startServer(() => ({ DATABASE_URL: url, DB_TIMEOUT_SECONDS: '2', LOG_LEVEL: 'info' }), undefined, {
      captureOutput: true,
    });
  }, 180_000);

  it('answers 503 within seconds, recovers without a restart, and logs each outage once with its end', async () => {
    const running = server!;
    let n = 0;
    // Distinct URLs each time, so no answer comes from the gallery's cache.
    const gallery = () => ask(`${running.url}/api/v1/photos?limit=${++n}`);
    expect((await gallery()).status).toBe(200);

    // Frozen: connections are accepted by the kernel but nothing answers.
    signalAll('SIGSTOP');
    expectOutage(await gallery(), MESSAGES.databaseDown);
    expectOutage(await gallery(), MESSAGES.databaseDown);
    expect(await ask(`${running.url}/api/v1/ready`)).toMatchObject({ status: 503, body: { ready: false, database: false } });
    expect(await ask(`${running.url}/api/v1/health`)).toMatchObject({ status: 200, body: { ok: false, database: false } });
    signalAll('SIGCONT');
    await expect.poll(async () => (await ask(`${running.url}/api/v1/ready`)).status, { timeout: 30_000 }).toBe(200);
    expect((await gallery()).status).toBe(200);

    // Stopped: refused at once; started again, found again by the same process.
    spawnSync('bash', [pgScript, 'halt', cluster!.dir], { stdio: 'ignore' });
    expectOutage(await gallery(), MESSAGES.databaseDown);
    expect(await ask(`${running.url}/api/v1/ready`)).toMatchObject({ status: 503, body: { database: false } });
    spawnSync('bash', [pgScript, 'resume', cluster!.dir, String(cluster!.port)], { stdio: 'ignore' });
    await expect.poll(async () => (await ask(`${running.url}/api/v1/ready`)).status, { timeout: 30_000 }).toBe(200);
    expect((await gallery()).status).toBe(200);

    // Two outages: each logged once when it began and once when it ended, never a stack per request.
    expect(lines(running, 'database unavailable')).toBe(2);
    expect(lines(running, 'database available again')).toBe(2);
    expect(lines(running, 'unexpected error')).toBe(0);
  }, 180_000);

  // Issue 34, item 9: a frozen database held a request for 12 s (the read timeout of DB_TIMEOUT_SECONDS
  // + 2). With the default settings, every request now hears 503 within 5 s, however many wait at once.
  it('answers every request within 5 s while PostgreSQL is frozen, with the default timeouts', async () => {
    const defaults = await startServer(() => ({ DATABASE_URL: url, LOG_LEVEL: 'warn' }));
    try {
      const asked = (i: number) =>
        fetch(`${defaults.url}/api/v1/photos?limit=${i + 1}&reg=B-${5000 + i}`, { signal: AbortSignal.timeout(5_000) }).then(
          async (res) => ({
            status: res.status,
            body: (await res.json()) as Answer['body'],
            retryAfter: res.headers.get('retry-after'),
          }),
        );
      expect((await asked(0)).status).toBe(200);
      signalAll('SIGSTOP');
      try {
        // More at once than the pool has connections: those waiting for one are bounded too.
        const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => asked(i + 1)));
        for (const a of answers) expectOutage(a, MESSAGES.databaseDown);
      } finally {
        signalAll('SIGCONT');
      }
      await expect.poll(async () => (await asked(40)).status, { timeout: 30_000 }).toBe(200);
    } finally {
      await defaults.stop();
    }
  }, 120_000);

  // Issue 34, item 1: connections that die while requests hold them, in the middle of transactions,
  // ended the process (an 'error' on a checked-out client that nobody heard).
  it('lives through PostgreSQL stopped, restarted and its backends terminated under load', async () => {
    const running = server!;
    const member = await memberOnServer(running, 'load@example.com');
    const statuses = new Map<number, number>();
    let n = 0;
    let loading = true;
    const count = (a: Answer) => {
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      if (a.status === 503) expectOutage(a, MESSAGES.databaseDown);
      // 409: a follow that a 503 had hidden (committed, then its answer lost) is met again.
      else expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
      return a;
    };
    const asMember = { authorization: `Bearer ${member.token}` };
    const one = async () => {
      const i = ++n;
      // Reads with distinct URLs, and writes in transactions (a follow, then its removal).
      if (i % 2) return void count(await ask(`${running.url}/api/v1/photos?limit=${(i % 40) + 1}&reg=B-${i}`));
      const followed = count(
        await ask(`${running.url}/api/v1/follows`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...asMember },
          body: JSON.stringify({ kind: 'registration', target: `B-${1000 + (i % 100)}` }),
        }),
      );
      const id = (followed.body as { id?: number }).id;
      if (id) count(await ask(`${running.url}/api/v1/follows/${id}`, { method: 'DELETE', headers: asMember }));
    };
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (loading) await one();
      }),
    );
    // Heard at once (a dead server fails every fetch), judged after the load stops.
    load.catch(() => undefined);
    const backends = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const { rows } = await c.query<{ n: number }>(
          `select pg_terminate_backend(pid)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        );
        return rows.length;
      } finally {
        await c.end();
      }
    };
    const answered = () => [...statuses.values()].reduce((a, b) => a + b, 0);
    const moreAnswers = async (k: number) => {
      const from = answered();
      await expect.poll(answered, { timeout: 30_000 }).toBeGreaterThan(from + k);
    };
    const ready = () => expect.poll(async () => (await ask(`${running.url}/api/v1/ready`)).status, { timeout: 30_000 }).toBe(200);
    try {
      await moreAnswers(50);
      // pg_terminate_backend of every connection the server holds, three times over.
      for (let round = 0; round < 3; round++) {
        expect(await backends()).toBeGreaterThan(0);
        await moreAnswers(50);
      }
      // Stopped (a fast shutdown ends every connection) and started again, twice.
      for (let round = 0; round < 2; round++) {
        spawnSync('bash', [pgScript, 'halt', cluster!.dir], { stdio: 'ignore' });
        await moreAnswers(20);
        spawnSync('bash', [pgScript, 'resume', cluster!.dir, String(cluster!.port)], { stdio: 'ignore' });
        await ready();
        await moreAnswers(50);
      }
    } finally {
      loading = false;
      await load;
    }
    expect(running.process.exitCode).toBeNull();
    expect(running.process.signalCode).toBeNull();
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(503)).toBeGreaterThan(0);
    expect([...statuses.keys()].every((status) => [200, 409, 503].includes(status))).toBe(true);
    expect(lines(running, 'unexpected error')).toBe(0);
    expect(lines(running, 'Unhandled')).toBe(0);
    await ready();
    expect((await ask(`${running.url}/api/v1/photos?limit=7`)).status).toBe(200);
  }, 240_000);
});

describe('S3 stopped under a running server', () => {
  let server: RunningServer | null = null;
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;
  afterAll(async () => {
    await server?.stop();
    await s3?.close();
  });

  it('answers uploads and images with 503 while the store is down, and takes uploads again when it is back', async () => {
    s3 = await startS3();
    const s3Env = s3.env;
    const s3Port = Number(new URL(s3Env.S3_ENDPOINT!).port);
    server = await startServer(() => ({ ...s3Env, LOG_LEVEL: 'info' }), undefined, { captureOutput: true });
    const running = server;
    const who = await memberOnServer(running, 's3down@example.com');
    const first = await uploadOne(running, who, 'B-6001');
    expect(first.status).toBe(201);
    const rendition = (first.body as unknown as { photo: { renditions: { url: string }[] } }).photo.renditions[0]!.url;

    await s3.close();
    s3 = null;
    expectOutage(await uploadOne(running, who, 'B-6002'), MESSAGES.storageDown);
    const image = await fetch(`${running.url}${rendition}`);
    expect(image.status).toBe(503);
    expect(await ask(`${running.url}/api/v1/ready`)).toMatchObject({ status: 503, body: { storage: false, database: true } });

    s3 = await startS3(s3Port);
    await expect.poll(async () => (await ask(`${running.url}/api/v1/ready`)).status, { timeout: 30_000 }).toBe(200);
    expect((await uploadOne(running, who, 'B-6003')).status).toBe(201);
    expect(lines(running, 'storage unavailable')).toBe(1);
    expect(lines(running, 'storage available again')).toBe(1);
    expect(lines(running, 'unexpected error')).toBe(0);
  }, 120_000);
});

// A small disk of its own: a tmpfs mounted for the test (root only; CI runs as root).
const canMount = process.getuid?.() === 0;
describe.runIf(canMount || process.env.CI === 'true')('a full disk under a running server', () => {
  let server: RunningServer | null = null;
  let mountPoint: string | null = null;
  afterAll(async () => {
    await server?.stop();
    if (mountPoint) {
      spawnSync('umount', [mountPoint]);
      fs.rmSync(mountPoint, { recursive: true, force: true });
    }
  });

  it('answers uploads with 503 while the disk is full, says so on /ready, and takes them again once there is room', async () => {
    mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mountPoint]);
    const dataDir = path.join(mountPoint, 'data');
    server = await startServer(
      () => ({ LOG_LEVEL: 'info', MIN_FREE_DISK_MB: '2' }),
      { port: await freePort(), dataDir },
      {
        captureOutput: true,
      },
    );
    const running = server;
    const who = await memberOnServer(running, 'diskfull@example.com');
    expect((await uploadOne(running, who, 'B-4001')).status).toBe(201);

    // Everything but a few kilobytes taken by another file on the same disk.
    const filler = path.join(mountPoint, 'filler');
    const free = () => {
      const s = fs.statfsSync(mountPoint!);
      return s.bavail * s.bsize;
    };
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 64 * 1024)));
    expectOutage(await uploadOne(running, who, 'B-4002'), MESSAGES.diskFull);
    expect(await ask(`${running.url}/api/v1/ready`)).toMatchObject({ status: 503, body: { disk: false } });
    // Reading still works: the gallery answers.
    expect((await ask(`${running.url}/api/v1/photos?limit=3`)).status).toBe(200);

    fs.rmSync(filler);
    await expect.poll(async () => (await ask(`${running.url}/api/v1/ready`)).status, { timeout: 30_000 }).toBe(200);
    expect((await uploadOne(running, who, 'B-4003')).status).toBe(201);
    expect(lines(running, 'disk unavailable')).toBe(1);
    expect(lines(running, 'disk available again')).toBe(1);
    expect(lines(running, 'unexpected error')).toBe(0);
  }, 120_000);
});
