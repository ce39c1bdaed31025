import type { ExpressionBuilder } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { Database, NewNotification } from '../../db/schema.js';
import { SCREENING_LIMITS } from '../../../../contract/screening.js';

/**
 * Two digests read the inbox: screening results every 30 minutes (`notification_digests`) and new
 * photos of what a member follows once a day (`follow_digests`); each mails only its own kind.
 */
export type DigestStream = 'screening' | 'followed';
const DIGEST_TABLE = { screening: 'notification_digests', followed: 'follow_digests' } as const;
const ofStream = (stream: DigestStream) => (eb: ExpressionBuilder<Database, 'notifications'>) =>
  eb('notifications.kind', stream === 'followed' ? '=' : '!=', 'followed');

export async function insertNotification(db: DbOrTrx, n: NewNotification): Promise<void> {
  await db.insertInto('notifications').values(n).execute();
}

/** A member's screening notices of a photo written at `since` or later (a decision undone). */
export async function deleteNoticesOf(db: DbOrTrx, userId: number, photoId: number, since: number): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .where('photo_id', '=', photoId)
    .where('kind', '!=', 'followed')
    .where('created_at', '>=', since)
    .execute();
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
 * A screening notification is mailed once the decision behind it can no longer be taken back (撤销,
 * for SCREENING_LIMITS.undoSeconds): an undone decision withdraws its notification, never after a mail.
 * A followed photo's are written after that window already (FollowFanout).
 */
const settledBefore = (now: number) => now - SCREENING_LIMITS.undoSeconds * 1000;

/**
 * Members who have notifications not yet mailed (or skipped) and whose last digest is at least `gapMs`
 * old: members still waiting out their 30 minutes do not take the places of those who are due.
 */
export async function membersWithUnmailed(
  db: DbOrTrx,
  stream: DigestStream,
  now: number,
  gapMs: number,
  limit: number,
): Promise<number[]> {
  const table = DIGEST_TABLE[stream];
  const rows = await db
    .selectFrom('notifications')
    .select('notifications.user_id')
    .where('notifications.mailed_at', 'is', null)
    .$if(stream === 'screening', (q) => q.where('notifications.created_at', '<=', settledBefore(now)))
    .where(ofStream(stream))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom(table)
            .select(`${table}.user_id`)
            .whereRef(`${table}.user_id`, '=', 'notifications.user_id')
            .where(`${table}.last_sent_at`, '>', now - gapMs),
        ),
      ),
    )
    .distinct()
    .orderBy('notifications.user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}
export function unmailedOf(db: DbOrTrx, stream: DigestStream, userId: number, now: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mailed_at', 'is', null)
    .$if(stream === 'screening', (q) => q.where('created_at', '<=', settledBefore(now)))
    .where(ofStream(stream))
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
export async function claimDigestSlot(
  db: DbOrTrx,
  stream: DigestStream,
  userId: number,
  now: number,
  gapMs: number,
): Promise<boolean> {
  const table = DIGEST_TABLE[stream];
  const row = await db
    .insertInto(table)
    .values({ user_id: userId, last_sent_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ last_sent_at: now })
        .where(`${table}.last_sent_at`, '<=', now - gapMs),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}
