import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';

// An airline's or a type's fleet: the live airframes in service (active or stored) that it operates now or
// that are of the type, read through their own indexes, each with what it keeps of its accepted photos.

export type FleetBy = 'airline' | 'type';

const column = (by: FleetBy) => (by === 'airline' ? 'airframes.airline_id' : 'airframes.aircraft_type_id');

/** The fleet's airframes by registration (those without one last), at most `limit`. */
export function fleetAirframes(db: DbOrTrx, by: FleetBy, id: number, limit: number) {
  return db
    .selectFrom('airframes')
    .select([
      'id',
      'registration',
      'msn',
      'mode_s',
      'status',
      'aircraft_type_id',
      'airline_id',
      'photo_count',
      'first_taken_on',
      'last_taken_on',
    ])
    .where(column(by), '=', id)
    .where('merged_into', 'is', null)
    .where('status', 'in', ['active', 'stored'])
    .orderBy(sql`registration is null`)
    .orderBy('registration')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Whether the airline or type is one the site lists (not a suggestion waiting, rejected, merged or deleted). */
export async function isListed(db: DbOrTrx, by: FleetBy, id: number): Promise<boolean> {
  const table = by === 'airline' ? 'airlines' : 'aircraft_types';
  const row = await db.selectFrom(table).select('id').where('id', '=', id).where('status', '=', 'available').executeTakeFirst();
  return row !== undefined;
}

/** How many airframes the fleet has in all (the list may stop short of it), and how many have photos. */
export async function fleetSize(db: DbOrTrx, by: FleetBy, id: number): Promise<{ total: number; photographed: number }> {
  const row = await db
    .selectFrom('airframes')
    .select([sql<number>`count(*)`.as('n'), sql<number>`sum(case when photo_count > 0 then 1 else 0 end)`.as('shot')])
    .where(column(by), '=', id)
    .where('merged_into', 'is', null)
    .where('status', 'in', ['active', 'stored'])
    .executeTakeFirstOrThrow();
  return { total: Number(row.n), photographed: Number(row.shot ?? 0) };
}
