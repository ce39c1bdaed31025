import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { NotamsTable } from '../../db/schema.js';

export const listNotams = (db: DbOrTrx) => db.selectFrom('notams').selectAll().orderBy('id', 'desc').limit(200).execute();

export const findNotam = (db: DbOrTrx, id: number) => db.selectFrom('notams').selectAll().where('id', '=', id).executeTakeFirst();

/** The newest published NOTAM whose window (either end optional) contains `now`. */
/** Every published NOTAM, newest first (a handful: old ones are unpublished or deleted); the service picks the current one. */
export const publishedNotams = (db: DbOrTrx) =>
  db.selectFrom('notams').selectAll().where('published', '=', 1).orderBy('id', 'desc').limit(200).execute();

export async function insertNotam(db: DbOrTrx, row: Insertable<NotamsTable>): Promise<number> {
  return (await db.insertInto('notams').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateNotam(db: DbOrTrx, id: number, patch: Updateable<NotamsTable>): Promise<boolean> {
  const r = await db.updateTable('notams').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteNotam(db: DbOrTrx, id: number): Promise<boolean> {
  const r = await db.deleteFrom('notams').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
