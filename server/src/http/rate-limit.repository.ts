import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database.js';

/** Adds one to a fixed-window counter and returns the new count, atomically on both databases. */
export async function hitCounter(db: DbOrTrx, key: string, now: number, windowMs: number): Promise<number> {
  return (await hitCounterWindow(db, key, now, windowMs)).count;
}

/** `hitCounter` with the start of the counter's window (when it ends, a client may be told). */
export async function hitCounterWindow(
  db: DbOrTrx,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ count: number; windowStart: number }> {
  const fresh = now - windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${fresh} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when rate_limits.window_start <= ${fresh} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: row.count, windowStart: Number(row.window_start) };
}

export async function releaseCounter(db: DbOrTrx, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function clearCounter(db: DbOrTrx, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

export async function deleteStaleCounters(db: DbOrTrx, before: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
}
