import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { DatabaseHandle } from '../db/database.js';
import type { JobRow } from '../db/schema.js';
import { dependencyOf } from '../shared/errors.js';
import { claimNextJob, failJob, finishJob, renewLease, upsertRecurring } from './jobs.repository.js';

export interface JobContext {
  /** Aborted when the process stops or the lease was lost: a handler in batches ends after its batch. */
  signal: AbortSignal;
  /** 1 on the first try. */
  attempt: number;
}

/**
 * A kind of work. Handlers are idempotent: a job whose process died mid-run is run again once its lease
 * lapses, so whatever it had done is met again (guarded writes, unique rows, a cursor of its own).
 */
export interface JobKind<P = unknown> {
  kind: string;
  run(payload: P, ctx: JobContext): Promise<void>;
  /** A recurring kind: one row, run again `everyMs` after each run (walkers and upkeep). */
  everyMs?: number;
  /** Tries before a one-off job is dead (listed on /manage); a recurring kind is never dead. Default 8. */
  maxAttempts?: number;
  /** The wait before try `attempt + 1`. Default: 30 s doubling per try, at most an hour. */
  backoffMs?: (attempt: number) => number;
}

export const defaultBackoff = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

export interface RunnerOptions {
  /** How long a claim holds before another process may take the job over (renewed while it runs). */
  leaseMs?: number;
  /** Jobs run at once in this process. */
  slots?: number;
  /** The wait before looking again when nothing was due. */
  idleMs?: number;
}

/**
 * The one durable job runner (issue 35, item 2), on SQLite and PostgreSQL alike. Each process runs
 * `slots` loops; each loop claims the oldest due job with a lease (jobs.repository: one guarded UPDATE,
 * so one process runs each job), keeps the lease while the handler runs, then deletes the job (a
 * recurring one is rescheduled), or records the error and retries it with backoff, until it is dead.
 * A process killed mid-job loses nothing: its lease lapses and another process runs that job again.
 */
export class JobRunner {
  private readonly kinds = new Map<string, JobKind<never>>();
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly leaseMs: number;
  private readonly slots: number;
  private readonly idleMs: number;
  private stopping = new AbortController();
  private loops: Promise<void>[] = [];
  private wakeUp: (() => void)[] = [];

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    opts: RunnerOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.slots = opts.slots ?? 4;
    this.idleMs = opts.idleMs ?? 1_000;
  }

  register<P>(kind: JobKind<P>): this {
    if (this.kinds.has(kind.kind)) throw new Error(`job kind ${kind.kind} registered twice`);
    this.kinds.set(kind.kind, kind as JobKind<never>);
    return this;
  }

  /** Makes the recurring kinds' rows and starts the loops. */
  async start(): Promise<void> {
    await this.ensureRecurring();
    this.stopping = new AbortController();
    this.loops = Array.from({ length: this.slots }, () => this.loop());
  }

  /** No job starts any more; the handlers under way are told to stop after their batch, and awaited. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.wake();
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** Looks for due jobs now instead of after the idle wait (work was just enqueued here). */
  wake(): void {
    for (const resolve of this.wakeUp.splice(0)) resolve();
  }

  /**
   * Runs due jobs (of these kinds, or all) one after another in this call until none is due: tests and
   * tools; the loops do the same in the background. Returns how many ran.
   */
  async runDue(opts: { kinds?: readonly string[]; max?: number } = {}): Promise<number> {
    await this.ensureRecurring();
    const kinds = opts.kinds ?? [...this.kinds.keys()];
    let ran = 0;
    while (ran < (opts.max ?? 10_000) && (await this.runOne(this.stopping.signal, kinds))) ran++;
    return ran;
  }

  /**
   * Runs these keyed jobs now, each if it is due and no process holds it (a request's inline jobs, after
   * its commit). A failure is recorded as any other and left to the loops' retry.
   */
  async runKeys(keys: Iterable<string>): Promise<void> {
    for (const key of keys) await this.runOne(this.stopping.signal, [...this.kinds.keys()], key);
  }

  private async ensureRecurring(): Promise<void> {
    for (const k of this.kinds.values()) {
      if (k.everyMs) await upsertRecurring(this.database.db, k.kind, k.everyMs, this.clock.now());
    }
  }

  private async loop(): Promise<void> {
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      let ran = false;
      try {
        ran = await this.runOne(signal);
      } catch (err) {
        // The claim itself failed (the database is down): looked at again after the wait.
        if (!dependencyOf(err)) this.log.error({ err }, 'job claim failed');
      }
      if (!ran && !signal.aborted) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.idleMs);
      timer.unref();
      this.wakeUp.push(done);
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  /** Claims and runs one due job; false when none was due. */
  private async runOne(stopping: AbortSignal, kinds: readonly string[] = [...this.kinds.keys()], key?: string): Promise<boolean> {
    if (stopping.aborted) return false;
    const { db, dialect } = this.database;
    const job = await claimNextJob(db, dialect, kinds, this.owner, this.clock.now(), this.leaseMs, key);
    if (!job) return false;
    const kind = this.kinds.get(job.kind)!;
    const lost = new AbortController();
    const signal = AbortSignal.any([stopping, lost.signal]);
    // The lease is renewed at a third of its length; a renewal that finds another owner stops the handler.
    const keeper = setInterval(() => {
      renewLease(db, job.id, this.owner, this.clock.now() + this.leaseMs).then(
        (kept) => kept || lost.abort(),
        () => undefined,
      );
    }, this.leaseMs / 3);
    keeper.unref();
    try {
      await kind.run(JSON.parse(job.payload) as never, { signal, attempt: job.attempts });
      clearInterval(keeper);
      await finishJob(db, job, this.owner, this.clock.now());
    } catch (err) {
      clearInterval(keeper);
      await this.failed(kind, job, err);
    }
    return true;
  }

  private async failed(kind: JobKind<never>, job: JobRow, err: unknown): Promise<void> {
    const now = this.clock.now();
    const recurring = job.every_ms !== null;
    const dead = !recurring && job.attempts >= (kind.maxAttempts ?? 8);
    const wait = (kind.backoffMs ?? defaultBackoff)(job.attempts);
    const retryAt = dead ? null : now + (recurring ? Math.min(wait, job.every_ms!) : wait);
    if (dependencyOf(err)) this.log.warn({ job: job.kind, id: job.id, attempt: job.attempts }, 'job met an outage');
    else this.log.error({ err, job: job.kind, id: job.id, attempt: job.attempts, dead }, dead ? 'job dead' : 'job failed');
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    // If even this write fails (the database is down), the lease lapses and the job is tried again.
    await failJob(this.database.db, job, this.owner, now, message, retryAt).catch(() => undefined);
  }
}
