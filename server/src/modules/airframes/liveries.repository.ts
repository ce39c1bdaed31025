import type { DbOrTrx } from '../../db/database.js';
import type { NewLivery } from '../../db/schema.js';
import { ACCEPTED } from './airframes.repository.js';

// Liveries: named paint schemes of an operator, found by their words (search_text) or their airline.

export function findLivery(db: DbOrTrx, id: number) {
  return db.selectFrom('liveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export function liveriesByIds(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('liveries').selectAll().where('id', 'in', ids).execute();
}

/** Every word must occur in the livery's search text; the most photographed first. */
export function searchLiveries(db: DbOrTrx, terms: string[], airlineId: number | undefined, limit: number) {
  return db
    .selectFrom('liveries')
    .selectAll('liveries')
    .$if(airlineId !== undefined, (q) => q.where('liveries.airline_id', '=', airlineId!))
    .$call((q) => terms.reduce((acc, t) => acc.where('liveries.search_text', 'like', `%${t.replace(/[%_\\]/g, '')}%`), q))
    .orderBy('liveries.name_zh')
    .orderBy('liveries.id')
    .limit(limit)
    .execute();
}

export async function insertLivery(db: DbOrTrx, row: NewLivery): Promise<number> {
  const { id } = await db.insertInto('liveries').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The airframes seen in a livery, the most recently photographed in it first. */
export function airframesInLivery(db: DbOrTrx, liveryId: number, limit: number) {
  return db
    .selectFrom('photos')
    .select(['airframe_id', (eb) => eb.fn.max('photos.taken_on').as('last')])
    .where('livery_id', '=', liveryId)
    .where(ACCEPTED)
    .where('airframe_id', 'is not', null)
    .groupBy('airframe_id')
    .orderBy('last', 'desc')
    .limit(limit)
    .execute();
}

export async function photoCountInLivery(db: DbOrTrx, liveryId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('livery_id', '=', liveryId)
    .where(ACCEPTED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A merged airline's liveries belong to the survivor; one the survivor already has by that name gives
 * it its photos and goes (one name per operator).
 */
export async function moveAirline(db: DbOrTrx, fromId: number, intoId: number): Promise<void> {
  const moving = await db.selectFrom('liveries').select(['id', 'name_zh']).where('airline_id', '=', fromId).execute();
  for (const l of moving) {
    const twin = await db
      .selectFrom('liveries')
      .select('id')
      .where('airline_id', '=', intoId)
      .where('name_zh', '=', l.name_zh)
      .executeTakeFirst();
    if (twin) {
      await db.updateTable('photos').set({ livery_id: twin.id }).where('livery_id', '=', l.id).execute();
      await db.deleteFrom('liveries').where('id', '=', l.id).execute();
    } else {
      await db.updateTable('liveries').set({ airline_id: intoId }).where('id', '=', l.id).execute();
    }
  }
}
