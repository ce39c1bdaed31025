import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';

// A member's likes of photos, and the count each photo keeps of them.

/** Adds the member's like once; true when it was new (the photo's count went up). */
export async function addLike(db: DbOrTrx, photoId: number, userId: number, now: number): Promise<boolean> {
  const row = await db
    .insertInto('likes')
    .values({ photo_id: photoId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['photo_id', 'user_id']).doNothing())
    .returning('photo_id')
    .executeTakeFirst();
  if (!row) return false;
  await db
    .updateTable('photos')
    .set({ likes: sql<number>`likes + 1` })
    .where('id', '=', photoId)
    .execute();
  return true;
}

export async function removeLike(db: DbOrTrx, photoId: number, userId: number): Promise<boolean> {
  const res = await db.deleteFrom('likes').where('photo_id', '=', photoId).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) return false;
  await db
    .updateTable('photos')
    .set({ likes: sql<number>`likes - 1` })
    .where('id', '=', photoId)
    .where('likes', '>', 0)
    .execute();
  return true;
}

export async function likedBy(db: DbOrTrx, photoIds: number[], userId: number): Promise<Set<number>> {
  if (photoIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('likes')
    .select('photo_id')
    .where('user_id', '=', userId)
    .where('photo_id', 'in', photoIds)
    .execute();
  return new Set(rows.map((r) => r.photo_id));
}

export function likesOf(db: DbOrTrx, photoId: number) {
  return db.selectFrom('photos').select('likes').where('id', '=', photoId).executeTakeFirst();
}
