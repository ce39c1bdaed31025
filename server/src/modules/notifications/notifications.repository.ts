import type { DbOrTrx } from '../../db/database.js';
import type { NewNotification } from '../../db/schema.js';

export async function insertNotification(db: DbOrTrx, n: NewNotification): Promise<void> {
  await db.insertInto('notifications').values(n).execute();
}

/** A member's notifications, newest first, from before the cursor id; one more than `limit`. */
export function listNotifications(db: DbOrTrx, userId: number, beforeId: number | null, limit: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(beforeId !== null, (q) => q.where('id', '<', beforeId!))
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function countUnread(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markAllRead(db: DbOrTrx, userId: number, now: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/**
 * Members who have notifications not yet mailed (or skipped) and whose last digest is at least `gapMs`
 * old: members still waiting out their 30 minutes do not take the places of those who are due.
 */
export async function membersWithUnmailed(db: DbOrTrx, now: number, gapMs: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('notifications.user_id')
    .where('notifications.mailed_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_digests')
            .select('notification_digests.user_id')
            .whereRef('notification_digests.user_id', '=', 'notifications.user_id')
            .where('notification_digests.last_sent_at', '>', now - gapMs),
        ),
      ),
    )
    .distinct()
    .orderBy('notifications.user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}
export function unmailedOf(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mailed_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function markMailed(db: DbOrTrx, ids: number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('notifications').set({ mailed_at: now }).where('id', 'in', ids).where('mailed_at', 'is', null).execute();
}

/**
 * Claims this member's digest slot: true when no digest went out in the last `gapMs` (and records
 * `now`), false otherwise. One statement, so two processes never both send one.
 */
export async function claimDigestSlot(db: DbOrTrx, userId: number, now: number, gapMs: number): Promise<boolean> {
  const row = await db
    .insertInto('notification_digests')
    .values({ user_id: userId, last_sent_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ last_sent_at: now })
        .where('notification_digests.last_sent_at', '<=', now - gapMs),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}
