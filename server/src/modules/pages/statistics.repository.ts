import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import { ACCEPTED } from '../../db/accepted.js';
import { CARD_COLUMNS } from '../../db/schema.js';

// Statistics (issue 39, item 6): a photographer's views by day and top photos, and the month's rankings.
// Each reads a range of an index: the member's photos, or the month's likes or acceptances.

/** The member's views per site day from `fromDay` on, over their photos in the gallery. */
export async function viewsByDay(db: DbOrTrx, userId: number, fromDay: string) {
  const rows = await db
    .selectFrom('photos')
    .innerJoin('photo_views_daily as d', 'd.photo_id', 'photos.id')
    .select(['d.day', sql<number>`sum(d.views)`.as('views')])
    .where(ACCEPTED)
    .where('photos.uploader_id', '=', userId)
    .where('d.day', '>=', fromDay)
    .groupBy('d.day')
    .execute();
  return rows.map((r) => ({ day: r.day, views: Number(r.views) }));
}

/** The member's most viewed photos in the gallery, as cards. */
export function topPhotos(db: DbOrTrx, userId: number, limit: number) {
  return db
    .selectFrom('photos')
    .select(CARD_COLUMNS)
    .where(ACCEPTED)
    .where('uploader_id', '=', userId)
    .orderBy('views', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The likes given in [from, to), counted per photo: a range of `likes_created_idx`, gathered before the photos
 * are joined (SQLite would otherwise walk every accepted photo and probe its likes).
 */
const likesIn = (db: DbOrTrx, from: number, to: number) =>
  db
    .selectFrom('likes')
    .select(['photo_id', sql<number>`count(*)`.as('n')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('photo_id')
    .as('l');

/** The photos in the gallery liked most by likes given in [from, to), most first. */
export const likedPhotosQuery = (db: DbOrTrx, from: number, to: number, limit: number) =>
  db
    .selectFrom(likesIn(db, from, to))
    .innerJoin('photos', 'photos.id', 'l.photo_id')
    .select(['l.photo_id', 'l.n'])
    .where(ACCEPTED)
    .orderBy('l.n', 'desc')
    .orderBy('l.photo_id', 'desc')
    .limit(limit);

export async function likedPhotos(db: DbOrTrx, from: number, to: number, limit: number) {
  const rows = await likedPhotosQuery(db, from, to, limit).execute();
  return rows.map((r) => ({ id: r.photo_id, likes: Number(r.n) }));
}

/** The photographers (live accounts) whose gallery photos were liked most in [from, to). */
export const likedMembersQuery = (db: DbOrTrx, from: number, to: number, limit: number) =>
  db
    .selectFrom(likesIn(db, from, to))
    .innerJoin('photos', 'photos.id', 'l.photo_id')
    .innerJoin('users', 'users.id', 'photos.uploader_id')
    .select(['users.id', 'users.username', sql<number>`sum(l.n)`.as('n')])
    .where(ACCEPTED)
    .where('users.status', '<>', 'deleted')
    .groupBy(['users.id', 'users.username'])
    .orderBy(sql`sum(l.n)`, 'desc')
    .orderBy('users.id')
    .limit(limit);

export async function likedMembers(db: DbOrTrx, from: number, to: number, limit: number) {
  const rows = await likedMembersQuery(db, from, to, limit).execute();
  return rows.map((r) => ({ user: { id: r.id, username: r.username }, count: Number(r.n) }));
}

/** The photographers (live accounts) with the most 首张 among the photos accepted in [from, to). */
export const firstsByMemberQuery = (db: DbOrTrx, from: number, to: number, limit: number) =>
  db
    .selectFrom('photos')
    .innerJoin('airframes', (j) =>
      j.onRef('airframes.first_photo_id', '=', 'photos.id').onRef('airframes.id', '=', 'photos.airframe_id'),
    )
    .innerJoin('users', 'users.id', 'photos.uploader_id')
    .select(['users.id', 'users.username', sql<number>`count(*)`.as('n')])
    .where(ACCEPTED)
    .where('photos.decided_at', '>=', from)
    .where('photos.decided_at', '<', to)
    .where('airframes.merged_into', 'is', null)
    .where('users.status', '<>', 'deleted')
    .groupBy(['users.id', 'users.username'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('users.id')
    .limit(limit);

export async function firstsByMember(db: DbOrTrx, from: number, to: number, limit: number) {
  const rows = await firstsByMemberQuery(db, from, to, limit).execute();
  return rows.map((r) => ({ user: { id: r.id, username: r.username }, count: Number(r.n) }));
}
