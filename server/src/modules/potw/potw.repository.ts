import type { Insertable } from 'kysely';
import { ACCEPTED } from '../../db/accepted.js';
import type { DbOrTrx, Dialect } from '../../db/database.js';
import type { PhotosOfWeekTable } from '../../db/schema.js';

export type PotwRow = { week: string; photo_id: number; comment: string; picked_by: number | null; picked_at: number };

const COLUMNS = [
  'photos_of_week.week',
  'photos_of_week.photo_id',
  'photos_of_week.comment',
  'photos_of_week.picked_by',
  'photos_of_week.picked_at',
] as const;

/** Picks whose photo is still accepted: a photo withdrawn or revoked leaves its week empty. */
const shown = (db: DbOrTrx) =>
  db.selectFrom('photos_of_week').innerJoin('photos', 'photos.id', 'photos_of_week.photo_id').where(ACCEPTED).select(COLUMNS);

export const shownOfWeek = (db: DbOrTrx, week: string): Promise<PotwRow | undefined> =>
  shown(db).where('photos_of_week.week', '=', week).executeTakeFirst();

/** The archive: weeks up to `upTo`, before the cursor, newest first; one more than `limit`. */
export const archive = (db: DbOrTrx, upTo: string, before: string | null, limit: number): Promise<PotwRow[]> =>
  shown(db)
    .where('photos_of_week.week', '<=', upTo)
    .$if(before !== null, (q) => q.where('photos_of_week.week', '<', before!))
    .orderBy('photos_of_week.week', 'desc')
    .limit(limit + 1)
    .execute();

/** Weeks picked ahead (after `after`), soonest first, as the pickers see them. */
export const upcoming = (db: DbOrTrx, after: string, limit: number): Promise<PotwRow[]> =>
  shown(db).where('photos_of_week.week', '>', after).orderBy('photos_of_week.week', 'asc').limit(limit).execute();

/** Which of "this week" and "this photo" is already taken. */
export const taken = (db: DbOrTrx, week: string, photoId: number) =>
  db
    .selectFrom('photos_of_week')
    .select(['week', 'photo_id'])
    .where((eb) => eb.or([eb('week', '=', week), eb('photo_id', '=', photoId)]))
    .execute();

export async function insertPick(db: DbOrTrx, row: Insertable<PhotosOfWeekTable>): Promise<void> {
  await db.insertInto('photos_of_week').values(row).execute();
}

export const deletePick = (db: DbOrTrx, week: string) =>
  db.deleteFrom('photos_of_week').where('week', '=', week).returning(['photo_id']).executeTakeFirst();

/**
 * The photo's state and photographer, its row locked on PostgreSQL until the pick commits: a revoke or a
 * withdrawal at the same moment waits, then finds the pick and takes it away (SQLite has one writer).
 */
export const photoForPick = (trx: DbOrTrx, dialect: Dialect, photoId: number) =>
  trx
    .selectFrom('photos')
    .select(['state', 'uploader_id'])
    .where('id', '=', photoId)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();

/** A photo leaving the gallery takes its picks of this week and the weeks ahead with it. */
export const deletePicksOf = (db: DbOrTrx, photoId: number, fromWeek: string) =>
  db.deleteFrom('photos_of_week').where('photo_id', '=', photoId).where('week', '>=', fromWeek).execute();
