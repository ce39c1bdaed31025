import type { DbOrTrx } from '../../db/database.js';
import { ACCEPTED } from '../../db/accepted.js';

export { ACCEPTED };

export function findAccepted(db: DbOrTrx, id: number) {
  return db.selectFrom('photos').selectAll().where('id', '=', id).where(ACCEPTED).executeTakeFirst();
}

// ---- a photo's relations ----

/**
 * Other photos of the same aircraft (by its airframe, or by the registration while it has none), in
 * the order they were taken or accepted.
 */
export function sameAircraft(
  db: DbOrTrx,
  by: { column: 'airframe_id'; value: number } | { column: 'registration_key'; value: string },
  exceptId: number,
  limit: number,
) {
  const order = by.column === 'airframe_id' ? 'taken_on' : 'decided_at';
  return db
    .selectFrom('photos')
    .selectAll()
    .where(ACCEPTED)
    .where(by.column, '=', by.value)
    .where('id', '!=', exceptId)
    .orderBy(order)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function latestWhere(db: DbOrTrx, column: 'airport_id' | 'uploader_id', value: number, exceptId: number, limit: number) {
  return db
    .selectFrom('photos')
    .selectAll()
    .where(ACCEPTED)
    .where(column, '=', value)
    .where('id', '!=', exceptId)
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
