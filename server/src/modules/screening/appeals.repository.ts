import type { DbOrTrx } from '../../db/database.js';

// Appeals (PRODUCT.md §4.4): one per photo, open until a senior decides or the photo leaves.

/** Who made the photo's latest rejection (for appeals: another senior must decide). */
export async function lastRejecter(db: DbOrTrx, photoId: number): Promise<number | null> {
  const row = await db
    .selectFrom('screening_events')
    .select('actor_id')
    .where('photo_id', '=', photoId)
    .where('to_state', '=', 'rejected')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.actor_id ?? null;
}

export function findAppeal(db: DbOrTrx, photoId: number) {
  return db.selectFrom('appeals').selectAll().where('photo_id', '=', photoId).executeTakeFirst();
}

export async function countOpenAppeals(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('appeals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAppeal(
  db: DbOrTrx,
  a: { photoId: number; userId: number; note: string; rejectedBy: number | null; now: number },
): Promise<void> {
  await db
    .insertInto('appeals')
    .values({
      photo_id: a.photoId,
      user_id: a.userId,
      note: a.note,
      state: 'open',
      rejected_by: a.rejectedBy,
      decided_by: null,
      created_at: a.now,
      decided_at: null,
    })
    .execute();
}

export async function decideAppeal(db: DbOrTrx, photoId: number, state: 'upheld' | 'overturned', by: number, now: number) {
  await db
    .updateTable('appeals')
    .set({ state, decided_by: by, decided_at: now })
    .where('photo_id', '=', photoId)
    .where('state', '=', 'open')
    .execute();
}

export function appealsByPhotoIds(db: DbOrTrx, photoIds: number[]) {
  return db.selectFrom('appeals').selectAll().where('photo_id', 'in', photoIds).execute();
}

/** The photo was withdrawn or deleted while its appeal was open: it no longer counts against the member's three. */
export async function closeAppeal(db: DbOrTrx, photoId: number, now: number): Promise<void> {
  await db
    .updateTable('appeals')
    .set({ state: 'withdrawn', decided_at: now })
    .where('photo_id', '=', photoId)
    .where('state', '=', 'open')
    .execute();
}
