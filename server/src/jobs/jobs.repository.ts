import type { DbOrTrx } from '../db/database.js';

/** True when this process won the run of `name` until now + leaseMs (an atomic upsert). */
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
