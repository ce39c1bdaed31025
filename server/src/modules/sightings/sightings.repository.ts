import { sql, type Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { SightingsTable } from '../../db/schema.js';

// 我的目击: a member's sightings, the aircraft they are matched to, and the fleets those belong to. Every
// read is one member's, through the member's own indexes; others read only the public ones.

export type SightingRow = Awaited<ReturnType<typeof sightingsOf>>[number];

const COLUMNS = [
  'sightings.id',
  'sightings.registration',
  'sightings.airframe_id',
  'sightings.seen_on',
  'sightings.airport_id',
  'sightings.note',
  'sightings.public',
  'airframes.aircraft_type_id',
  'airframes.airline_id',
] as const;

/** A member's sightings, newest day first, after the cursor (day, id); only public ones unless `all`. */
export function sightingsOf(
  db: DbOrTrx,
  userId: number,
  o: { all: boolean; after: { day: string; id: number } | null; airframeId?: number | undefined; limit: number },
) {
  let q = db
    .selectFrom('sightings')
    .leftJoin('airframes', 'airframes.id', 'sightings.airframe_id')
    .select(COLUMNS)
    .where('sightings.user_id', '=', userId);
  if (!o.all) q = q.where('sightings.public', '=', 1);
  if (o.airframeId !== undefined) q = q.where('sightings.airframe_id', '=', o.airframeId);
  const after = o.after;
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('sightings.seen_on', '<', after.day),
        eb.and([eb('sightings.seen_on', '=', after.day), eb('sightings.id', '<', after.id)]),
      ]),
    );
  return q.orderBy('sightings.seen_on', 'desc').orderBy('sightings.id', 'desc').limit(o.limit).execute();
}

export function findSighting(db: DbOrTrx, id: number, userId: number) {
  return db
    .selectFrom('sightings')
    .leftJoin('airframes', 'airframes.id', 'sightings.airframe_id')
    .select(COLUMNS)
    .where('sightings.id', '=', id)
    .where('sightings.user_id', '=', userId)
    .executeTakeFirst();
}

/** Writes the rows whose unique key (member, registration, day) is free; the ids of those written. */
export async function insertFree(db: DbOrTrx, rows: Insertable<SightingsTable>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await db
    .insertInto('sightings')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'registration', 'seen_on']).doNothing())
    .returning('id')
    .execute();
  return out.map((r) => r.id);
}

/** A member's status, or undefined for no such member. */
export async function memberStatus(db: DbOrTrx, userId: number) {
  const row = await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst();
  return row?.status;
}

/** Changes one of the member's own sightings; false when it is not theirs or gone. */
export async function updateSighting(
  db: DbOrTrx,
  id: number,
  userId: number,
  set: { note?: string; public?: number },
): Promise<boolean> {
  const res = await db.updateTable('sightings').set(set).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteSighting(db: DbOrTrx, id: number, userId: number): Promise<boolean> {
  const res = await db.deleteFrom('sightings').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Which (registration, day) pairs of these the member has logged already. */
export async function loggedAlready(db: DbOrTrx, userId: number, registrations: string[]): Promise<Set<string>> {
  if (registrations.length === 0) return new Set();
  const rows = await db
    .selectFrom('sightings')
    .select(['registration', 'seen_on'])
    .where('user_id', '=', userId)
    .where('registration', 'in', [...new Set(registrations)])
    .execute();
  return new Set(rows.map((r) => `${r.registration} ${r.seen_on}`));
}

/** The one live aircraft flying each registration now; a registration two aircraft carry is left out. */
export async function airframesFlying(db: DbOrTrx, registrations: string[]): Promise<Map<string, number>> {
  if (registrations.length === 0) return new Map();
  const rows = await db
    .selectFrom('airframes')
    .select(['registration', (eb) => eb.fn.min('id').as('id'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('registration', 'in', [...new Set(registrations)])
    .where('merged_into', 'is', null)
    .groupBy('registration')
    .execute();
  return new Map(rows.filter((r) => Number(r.n) === 1).map((r) => [r.registration!, Number(r.id)]));
}

export function liveAirframe(db: DbOrTrx, id: number) {
  return db
    .selectFrom('airframes')
    .select(['id', 'registration'])
    .where('id', '=', id)
    .where('merged_into', 'is', null)
    .executeTakeFirst();
}

/** Airports by IATA or ICAO code (upper case), the listed ones only. */
export async function airportsByCode(db: DbOrTrx, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const list = [...new Set(codes)];
  const rows = await db
    .selectFrom('airports')
    .select(['id', 'iata', 'icao'])
    .where('status', '=', 'available')
    .where((eb) => eb.or([eb('iata', 'in', list), eb('icao', 'in', list)]))
    .orderBy('id')
    .execute();
  const found = new Map<string, number>();
  for (const r of rows) for (const code of [r.icao, r.iata]) if (code && !found.has(code)) found.set(code, r.id);
  return found;
}

export async function airportListed(db: DbOrTrx, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('airports')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'available')
    .executeTakeFirst();
  return row !== undefined;
}

/** Per sighted aircraft (live, deduplicated) its operator and type now; and how many unmatched registrations. */
export async function seenAircraft(db: DbOrTrx, userId: number, all: boolean) {
  const rows = await db
    .selectFrom('sightings')
    .leftJoin('airframes', 'airframes.id', 'sightings.airframe_id')
    .select([
      'sightings.airframe_id',
      'sightings.registration',
      'airframes.airline_id',
      'airframes.aircraft_type_id',
      sql<number>`count(*)`.as('n'),
    ])
    .where('sightings.user_id', '=', userId)
    .$if(!all, (q) => q.where('sightings.public', '=', 1))
    .groupBy(['sightings.airframe_id', 'sightings.registration', 'airframes.airline_id', 'airframes.aircraft_type_id'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** The live aircraft the member has an accepted photo of, with their operator and type now. */
export function photographedAircraft(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('photos')
    .innerJoin('airframes', 'airframes.id', 'photos.airframe_id')
    .select(['airframes.id', 'airframes.airline_id', 'airframes.aircraft_type_id'])
    .distinct()
    .where('photos.uploader_id', '=', userId)
    .where('photos.state', '=', 'accepted')
    .where('airframes.merged_into', 'is', null)
    .execute();
}

/** How many aircraft in service each (airline, type) fleet has, for these airlines. */
export async function fleetSizes(db: DbOrTrx, airlineIds: number[]) {
  if (airlineIds.length === 0) return [];
  const rows = await db
    .selectFrom('airframes')
    .select(['airline_id', 'aircraft_type_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('airline_id', 'in', airlineIds)
    .where('merged_into', 'is', null)
    .where('status', 'in', ['active', 'stored'])
    .groupBy(['airline_id', 'aircraft_type_id'])
    .execute();
  return rows.map((r) => ({ airlineId: r.airline_id!, typeId: r.aircraft_type_id, n: Number(r.n) }));
}

/** A merged airport's sightings name the one it was merged into. */
export async function moveAirport(db: DbOrTrx, fromId: number, intoId: number): Promise<void> {
  await db.updateTable('sightings').set({ airport_id: intoId }).where('airport_id', '=', fromId).execute();
}

/** A merged aircraft's sightings follow it into the one it was merged into. */
export async function moveSightings(db: DbOrTrx, fromId: number, intoId: number): Promise<void> {
  await db.updateTable('sightings').set({ airframe_id: intoId }).where('airframe_id', '=', fromId).execute();
}

export async function deleteSightingsOf(db: DbOrTrx, userId: number): Promise<void> {
  await db.deleteFrom('sightings').where('user_id', '=', userId).execute();
}

export async function countSightings(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sightings')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
