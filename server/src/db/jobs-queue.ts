import { sql } from 'kysely';
import type { DbOrTrx } from './database.js';
import { requestScope } from './request-scope.js';

/**
 * The writes any layer makes to the job runner's table inside its own transaction (jobs/runner.ts runs
 * them): a job exists exactly when the change that asks for it does.
 */

export interface EnqueueOptions {
  /**
   * One job for one thing: enqueued again while pending, it stays one row, brought forward, revived if
   * dead, and run again if a run had already begun (its version moved on).
   */
  key?: string;
  runAfter?: number;
  /**
   * Run by the enqueuing request after its commit and before it answers (needs a key): whoever made a
   * change reads it at once. Outside a request, or if that run fails, the runner's loops do it.
   */
  inline?: boolean;
}

export async function enqueueJob(db: DbOrTrx, kind: string, payload: unknown, now: number, opts: EnqueueOptions = {}) {
  const runAfter = opts.runAfter ?? now;
  await db
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload ?? null),
      key: opts.key ?? null,
      run_after: runAfter,
      every_ms: null,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        version: sql`jobs.version + 1`,
        run_after: sql`case when jobs.run_after > ${runAfter} then ${runAfter} else jobs.run_after end`,
        payload: JSON.stringify(payload ?? null),
        dead_at: null,
        attempts: sql`case when jobs.dead_at is null then jobs.attempts else 0 end`,
      }),
    )
    .execute();
  if (opts.inline && opts.key) requestScope.getStore()?.jobs.add(opts.key);
}

/** Brings a recurring kind (a walker) forward to now: new work came, it runs at the next claim. */
export async function nudgeJob(db: DbOrTrx, kind: string, now: number): Promise<void> {
  await db.updateTable('jobs').set({ run_after: now }).where('key', '=', kind).where('run_after', '>', now).execute();
}
