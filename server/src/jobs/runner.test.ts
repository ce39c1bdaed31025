import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { enqueueJob, nudgeJob } from '../db/jobs-queue.js';
import { enqueueMail, MAIL_JOB, SENT_BODY } from '../mail/outbox.js';
import { bearer, createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../testing/harness.js';
import { JobRunner, type JobKind } from './runner.js';

// The one durable job runner (issue 35, item 2) on each database: retries with backoff, then dead and
// listed for administrators with a retry; two processes never run one job at once; a process killed
// mid-job loses nothing and only the unfinished job runs again.

const quiet = { error: () => undefined, warn: () => undefined };

describe.each(databaseKinds())('the job runner on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await sql`create table job_effects (n integer not null, what varchar(20) not null)`.execute(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });
  const jobsOf = (k: string) => t.database.db.selectFrom('jobs').selectAll().where('kind', '=', k).orderBy('id').execute();

  it('retries a handler that throws with growing waits, then marks it dead, lists it, and retries it for an administrator', async () => {
    let failing = true;
    let runs = 0;
    const runner = new JobRunner(t.database, t.clock, quiet).register({
      kind: 'flaky',
      maxAttempts: 3,
      run: async () => {
        runs++;
        if (failing) throw new Error('暂时失败');
      },
    });
    await enqueueJob(t.database.db, 'flaky', { photoId: 1 }, t.clock.now());
    expect(await runner.runDue()).toBe(1);
    let [job] = await jobsOf('flaky');
    expect(job).toMatchObject({ attempts: 1, last_error: 'Error: 暂时失败', dead_at: null, lease_until: null });
    expect(job!.run_after - t.clock.now()).toBe(30_000);
    // Not due before its wait is over.
    t.clock.advance(29_999);
    expect(await runner.runDue()).toBe(0);
    t.clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    [job] = await jobsOf('flaky');
    expect(job!.run_after - t.clock.now()).toBe(60_000);
    t.clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    [job] = await jobsOf('flaky');
    expect(job).toMatchObject({ attempts: 3, dead_at: t.clock.now() });
    t.clock.advance(86_400_000);
    expect(await runner.runDue()).toBe(0);
    expect(runs).toBe(3);

    // Listed on /manage for administrators only, with a retry that is audited.
    const admin = await makeUser(t, 3);
    const screener = await makeUser(t, 2);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/manage/jobs', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: job!.id,
        kind: 'flaky',
        attempts: 3,
        lastError: 'Error: 暂时失败',
        deadAt: t.clock.now() - 86_400_000,
        retryAt: null,
      }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/manage/jobs', headers: bearer(screener.token) })).statusCode).toBe(
      403,
    );
    const retry = (token: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/manage/jobs/${job!.id}/retry`, headers: bearer(token) });
    expect((await retry(screener.token)).statusCode).toBe(403);
    const retried = await retry(admin.token);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ message: '已安排重试，稍后运行' });
    failing = false;
    expect(await runner.runDue()).toBe(1);
    expect(await jobsOf('flaky')).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/manage/jobs', headers: bearer(admin.token) })).json().items,
    ).toEqual([]);
    // Gone: a second retry is a 404 in Chinese.
    const again = await retry(admin.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/这个任务已不在失败列表中/);
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'job.retry').execute();
    expect(audit).toMatchObject([{ actor_id: admin.id, target_type: 'job', target_id: job!.id }]);
  });

  it('keeps one row for a recurring kind: back after its interval, retried within it on failure, never dead; nudged to now', async () => {
    let fail = false;
    let runs = 0;
    const runner = new JobRunner(t.database, t.clock, quiet).register({
      kind: 'tick',
      everyMs: 60_000,
      maxAttempts: 1,
      run: async () => {
        runs++;
        if (fail) throw new Error('tick failed');
      },
    });
    expect(await runner.runDue()).toBe(1);
    expect(await jobsOf('tick')).toMatchObject([{ attempts: 0, run_after: t.clock.now() + 60_000, every_ms: 60_000 }]);
    fail = true;
    t.clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(await jobsOf('tick')).toMatchObject([{ attempts: 1, dead_at: null, run_after: t.clock.now() + 30_000 }]);
    fail = false;
    await nudgeJob(t.database.db, 'tick', t.clock.now());
    expect(await runner.runDue()).toBe(1);
    expect(await jobsOf('tick')).toMatchObject([{ attempts: 0, last_error: null, run_after: t.clock.now() + 60_000 }]);
    expect(runs).toBe(3);
  });

  it('never runs one job in two processes at once, and runs each once', async () => {
    // The second process: its own connection (SQLite) or pool (PostgreSQL) to the same database.
    const other = openDatabase(t.config);
    const running = new Set<number>();
    const ranBy = new Map<number, string[]>();
    let overlaps = 0;
    const count = (who: string): JobKind<{ n: number }> => ({
      kind: 'count',
      run: async ({ n }) => {
        if (running.has(n)) overlaps++;
        running.add(n);
        ranBy.set(n, [...(ranBy.get(n) ?? []), who]);
        // Work that takes a while and lets the other process claim meanwhile.
        await sql`select ${n} as n`.execute(t.database.db);
        await new Promise((resolve) => setImmediate(resolve));
        running.delete(n);
      },
    });
    const a = new JobRunner(t.database, t.clock, quiet, { slots: 3, idleMs: 10 }).register(count('a'));
    const b = new JobRunner(other, t.clock, quiet, { slots: 3, idleMs: 10 }).register(count('b'));
    try {
      for (let n = 0; n < 300; n++) await enqueueJob(t.database.db, 'count', { n }, t.clock.now());
      await Promise.all([a.start(), b.start()]);
      await expect.poll(async () => (await jobsOf('count')).length, { timeout: 60_000 }).toBe(0);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await other.destroy();
    }
    expect(overlaps).toBe(0);
    expect([...ranBy.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 300 }, (_, i) => i));
    expect([...ranBy.values()].every((who) => who.length === 1)).toBe(true);
    // Both took part.
    const by = [...ranBy.values()].flat();
    expect(by).toContain('a');
    expect(by).toContain('b');
  });

  it('loses nothing when a process is killed mid-job: only the unfinished job runs again', async () => {
    const leaseMs = 1_500;
    // Due by the worker's clock, the real one (this suite's clock has moved on).
    for (let n = 1; n <= 20; n++) await enqueueJob(t.database.db, 'step', { n, hang: n === 10 }, Date.now() - 1);
    const worker = spawn(process.execPath, ['--import', 'tsx', 'server/src/testing/job-worker.ts'], {
      env: {
        ...process.env,
        DATA_DIR: t.config.dataDir,
        DATABASE_URL: t.config.databaseUrl ?? '',
        LEASE_MS: String(leaseMs),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        worker.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('hanging in 10')) resolve();
        });
        worker.once('exit', (code) => reject(new Error(`worker exited (${code}) before the job: ${out}`)));
      });
    } finally {
      worker.kill('SIGKILL');
    }
    await new Promise((resolve) =>
      worker.exitCode !== null || worker.signalCode !== null ? resolve(null) : worker.once('exit', resolve),
    );
    const effects = async () =>
      (await sql<{ n: number; what: string }>`select n, what from job_effects order by n, what`.execute(t.database.db)).rows.map(
        (r) => `${r.n}:${r.what}`,
      );
    const before = Array.from({ length: 9 }, (_, i) => `${i + 1}:done`);
    expect(await effects()).toEqual([...before, '10:started']);

    // This process takes over once the dead one's lease has lapsed (its clock moved past it).
    const runner = new JobRunner(t.database, t.clock, quiet).register<{ n: number }>({
      kind: 'step',
      run: async ({ n }) => void (await sql`insert into job_effects (n, what) values (${n}, 'done')`.execute(t.database.db)),
    });
    t.clock.advance(Math.max(0, Date.now() - t.clock.now()) + leaseMs + 1);
    expect(await runner.runDue()).toBe(11);
    const after = await effects();
    expect(after).toEqual([...before, '10:done', '10:started', ...Array.from({ length: 10 }, (_, i) => `${i + 11}:done`)]);
    expect(await jobsOf('step')).toEqual([]);
  });

  it('runs a keyed job again when it was enqueued again while it ran, and revives a dead one', async () => {
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const runner = new JobRunner(t.database, t.clock, quiet).register<{ v: string }>({
      kind: 'sync',
      maxAttempts: 1,
      run: async ({ v }) => {
        seen.push(v);
        if (first) {
          first = false;
          // A second change of the same thing arrives while this run is under way.
          await enqueueJob(t.database.db, 'sync', { v: 'second' }, t.clock.now(), { key: 'sync:1' });
          await held;
        }
      },
    });
    await enqueueJob(t.database.db, 'sync', { v: 'first' }, t.clock.now(), { key: 'sync:1' });
    const running = runner.runDue({ max: 1 });
    await expect.poll(() => seen.length).toBe(1);
    release();
    expect(await running).toBe(1);
    // Not deleted: it runs again with the latest payload, then it is gone.
    expect(await jobsOf('sync')).toMatchObject([{ attempts: 0, lease_until: null }]);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual(['first', 'second']);
    expect(await jobsOf('sync')).toEqual([]);
  });

  it('runs the jobs a decision enqueued before answering it: the accepted photo is found at once', async () => {
    const uploader = await makeUser(t);
    const screener = await makeUser(t, 1);
    const id = await insertPhoto(t, uploader.id, { registration: 'B-7A3Q' });
    const as = bearer(screener.token);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/screening/photos/${id}/lock`, headers: as })).statusCode).toBe(
      200,
    );
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/v1/screening/photos/${id}/decision`,
      headers: as,
      payload: { decision: 'accept' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    // The index and the airframe were written after the decision's commit, by the same request.
    expect(
      await t.database.db
        .selectFrom('jobs')
        .select('kind')
        .where('key', 'in', [`gallery.index:${id}`, `airframe.link:${id}`])
        .execute(),
    ).toEqual([]);
    const found = await t.app.inject({ method: 'GET', url: '/api/v1/photos?q=B7A3Q' });
    expect(found.json().items.map((p: { id: number }) => p.id)).toEqual([id]);
    const row = await t.database.db.selectFrom('photos').select('airframe_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.airframe_id).not.toBeNull();
  });

  it('sends a mail through its job once and keeps no body after it', async () => {
    const now = t.clock.now();
    await enqueueMail(t.database.db, { to: `m-${kind}@example.com`, subject: '测试', body: '正文' }, now);
    const sent = t.sent.length;
    expect(await t.jobs.runDue({ kinds: [MAIL_JOB] })).toBe(1);
    expect(t.sent.length).toBe(sent + 1);
    expect(await t.jobs.runDue({ kinds: [MAIL_JOB] })).toBe(0);
    const row = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', `m-${kind}@example.com`)
      .executeTakeFirstOrThrow();
    expect(row.body).toBe(SENT_BODY);
    expect(row.sent_at).toBe(now);
  });
});
