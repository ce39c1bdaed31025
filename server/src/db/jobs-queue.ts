import type { DbOrTrx } from './database.js';

/**
 * The writes any layer makes to the job runner's table inside its own transaction (jobs/runner.ts runs
 * them): a job exists exactly when the change that asks for it does.
 */

/** Enqueues a job. A keyed job already pending stays as it is (one job for one thing). */
export async function enqueueJob(
  db: DbOrTrx,
  kind: string,
  payload: unknown,
  now: number,
  opts: { key?: string; runAfter?: number } = {},
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload ?? null),
      key: opts.key ?? null,
      run_after: opts.runAfter ?? now,
      every_ms: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Brings a recurring kind (a walker) forward to now: new work came, it runs at the next claim. */
export async function nudgeJob(db: DbOrTrx, kind: string, now: number): Promise<void> {
  await db.updateTable('jobs').set({ run_after: now }).where('key', '=', kind).where('run_after', '>', now).execute();
}
