import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';

// An airline's or a type's fleet: the live airframes in service (active or stored) that it operates now or
// that are of the type, read through their own indexes, each with its accepted photos counted.

export type FleetBy = 'airline' | 'type';

const column = (by: FleetBy) => (by === 'airline' ? 'airframes.airline_id' : 'airframes.aircraft_type_id');

/** The fleet's airframes by registration (those without one last), at most `limit`. */
export function fleetAirframes(db: DbOrTrx, by: FleetBy, id: number, limit: number) {
  return db
    .selectFrom('airframes')
    .select(['id', 'registration', 'msn', 'mode_s', 'status', 'aircraft_type_id', 'airline_id'])
    .where(column(by), '=', id)
    .where('merged_into', 'is', null)
    .where('status', 'in', ['active', 'stored'])
    .orderBy(sql`registration is null`)
    .orderBy('registration')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Per airframe of the fleet with accepted photos: how many, the first and the last day taken. */
export async function fleetPhotoStats(db: DbOrTrx, by: FleetBy, id: number) {
  const rows = await db
    .selectFrom('photos')
    .innerJoin('airframes', 'airframes.id', 'photos.airframe_id')
    .select([
      'photos.airframe_id',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.min('photos.taken_on').as('first'),
      (eb) => eb.fn.max('photos.taken_on').as('last'),
    ])
    .where(column(by), '=', id)
    .where('airframes.merged_into', 'is', null)
    .where('airframes.status', 'in', ['active', 'stored'])
    .where('photos.state', '=', 'accepted')
    .groupBy('photos.airframe_id')
    .execute();
  return new Map(rows.map((r) => [r.airframe_id!, { n: Number(r.n), first: String(r.first), last: String(r.last) }]));
}

/** Whether the airline or type is one the site lists (not a suggestion waiting, rejected, merged or deleted). */
export async function isListed(db: DbOrTrx, by: FleetBy, id: number): Promise<boolean> {
  const table = by === 'airline' ? 'airlines' : 'aircraft_types';
  const row = await db.selectFrom(table).select('id').where('id', '=', id).where('status', '=', 'available').executeTakeFirst();
  return row !== undefined;
}

/** How many airframes the fleet has in all (the list may stop short of it). */
export async function fleetSize(db: DbOrTrx, by: FleetBy, id: number): Promise<number> {
  const row = await db
    .selectFrom('airframes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column(by), '=', id)
    .where('merged_into', 'is', null)
    .where('status', 'in', ['active', 'stored'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
