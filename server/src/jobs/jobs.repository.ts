import { sql } from 'kysely';
import type { Db, DbOrTrx, Dialect } from '../db/database.js';
import type { JobRow } from '../db/schema.js';

/**
 * A start-up lock: true when this process holds `name` until now + leaseMs (an atomic upsert). Only the
 * reference import at start-up uses it; everything that runs later is a job of the runner.
 */
export async function claimJob(db: DbOrTrx, name: string, now: number, leaseMs: number): Promise<boolean> {
  const row = await db
    .insertInto('job_runs')
    .values({ name, claimed_until: now + leaseMs, last_run_at: now })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ claimed_until: now + leaseMs, last_run_at: now })
        .where('job_runs.claimed_until', '<=', now),
    )
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

/** A recurring kind's row: made once, its interval kept up to date, its schedule left alone. */
export async function upsertRecurring(db: DbOrTrx, kind: string, everyMs: number, now: number): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ kind, payload: 'null', key: kind, run_after: now, every_ms: everyMs, created_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ every_ms: everyMs }))
    .execute();
}

/**
 * Claims the oldest due job of these kinds for `leaseMs`, counting the attempt, in one statement: the
 * guard is re-checked by the UPDATE itself, so two processes never hold one job (PostgreSQL also skips
 * rows another claim has locked instead of waiting for them; SQLite writes one at a time).
 */
export async function claimNextJob(
  db: Db,
  dialect: Dialect,
  kinds: readonly string[],
  owner: string,
  now: number,
  leaseMs: number,
  /** Only the job of this key (a request running its own inline job). */
  key?: string,
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  return db
    .updateTable('jobs')
    .set((eb) => ({ lease_until: now + leaseMs, lease_owner: owner, attempts: eb('attempts', '+', 1) }))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .where('dead_at', 'is', null)
    .where('id', '=', (eb) => {
      const due = eb
        .selectFrom('jobs')
        .select('id')
        .where('dead_at', 'is', null)
        .where('run_after', '<=', now)
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', now)]))
        .where('kind', 'in', kinds)
        .$if(key !== undefined, (q) => q.where('key', '=', key!))
        .orderBy('run_after')
        .orderBy('id')
        .limit(1);
      return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .returningAll()
    .executeTakeFirst();
}

/** Keeps a running job's lease; false once another process has taken it over (the lease had lapsed). */
export async function renewLease(db: Db, id: number, owner: string, until: number): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Done: a one-off job is deleted, a recurring one comes back after its interval with a clean slate. A
 * one-off job enqueued again while it ran (its version moved on) is released instead, to run again.
 */
export async function finishJob(db: Db, job: JobRow, owner: string, now: number): Promise<void> {
  if (job.every_ms === null) {
    const gone = await db
      .deleteFrom('jobs')
      .where('id', '=', job.id)
      .where('lease_owner', '=', owner)
      .where('version', '=', job.version)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) > 0) return;
    await db
      .updateTable('jobs')
      .set({ attempts: 0, last_error: null, lease_until: null, lease_owner: null })
      .where('id', '=', job.id)
      .where('lease_owner', '=', owner)
      .execute();
    return;
  }
  await db
    .updateTable('jobs')
    .set({ run_after: now + job.every_ms, attempts: 0, last_error: null, lease_until: null, lease_owner: null })
    .where('id', '=', job.id)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Failed: tried again at `retryAt`, or dead (`retryAt` null) until an administrator retries it. */
export async function failJob(db: Db, job: JobRow, owner: string, now: number, error: string, retryAt: number | null) {
  await db
    .updateTable('jobs')
    .set({
      last_error: error.slice(0, 2_000),
      lease_until: null,
      lease_owner: null,
      ...(retryAt === null ? { dead_at: now } : { run_after: retryAt }),
    })
    .where('id', '=', job.id)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Jobs that failed at least once and wait for a retry, and the dead: the administrators' list. */
export function troubledJobs(db: DbOrTrx, limit: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'kind', 'payload', 'attempts', 'last_error', 'run_after', 'dead_at', 'created_at'])
    .where('last_error', 'is not', null)
    .orderBy(sql`dead_at is null`)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** An administrator's retry: a failed or dead job runs at the next claim with its attempts reset. */
export async function retryJob(db: DbOrTrx, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({ dead_at: null, attempts: 0, run_after: now })
    .where('id', '=', id)
    .where('last_error', 'is not', null)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
