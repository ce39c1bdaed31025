import type { DbOrTrx } from '../../db/database.js';

export async function insertMessage(
  db: DbOrTrx,
  m: { fromUserId: number; toUserId: number; photoId: number | null; reason: string; contact: string; body: string; now: number },
): Promise<void> {
  await db
    .insertInto('messages')
    .values({
      from_user_id: m.fromUserId,
      to_user_id: m.toUserId,
      photo_id: m.photoId,
      reason: m.reason,
      contact: m.contact,
      body: m.body,
      created_at: m.now,
      read_at: null,
      hidden_at: null,
    })
    .execute();
}

/** A member's inbox, newest first, before the cursor id; one more than `limit`. A hidden message is left out. */
export function inbox(db: DbOrTrx, userId: number, beforeId: number | null, limit: number) {
  return db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.from_user_id')
    .select([
      'messages.id',
      'messages.from_user_id',
      'users.username',
      'messages.photo_id',
      'messages.reason',
      'messages.contact',
      'messages.body',
      'messages.created_at',
      'messages.read_at',
    ])
    .where('messages.to_user_id', '=', userId)
    .where('messages.hidden_at', 'is', null)
    .$if(beforeId !== null, (q) => q.where('messages.id', '<', beforeId!))
    .orderBy('messages.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function countUnread(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to_user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('hidden_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markAllRead(db: DbOrTrx, userId: number, now: number): Promise<void> {
  await db.updateTable('messages').set({ read_at: now }).where('to_user_id', '=', userId).where('read_at', 'is', null).execute();
}

/** The recipient: an active member, with where the mail goes. */
export function recipient(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username'])
    .where('id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** The active administrators, who read suspension appeals, with where their mail goes. */
export function administrators(db: DbOrTrx, adminLevel: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username'])
    .where('level', '>=', adminLevel)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

/** The photo named in a message must be an accepted photo of the recipient. */
export function photoOf(db: DbOrTrx, photoId: number, ownerId: number) {
  return db
    .selectFrom('photos')
    .select(['id', 'registration'])
    .where('id', '=', photoId)
    .where('uploader_id', '=', ownerId)
    .where('state', '=', 'accepted')
    .executeTakeFirst();
}
