import { formatRegistration } from '../../../../contract/registrations.js';
import { sql } from 'kysely';
import { NO_REGISTRATION, registrationKey } from '../../../../contract/photos.js';
import type { DbOrTrx, Dialect } from '../../db/database.js';
import type { AirframesTable, NewAirframe } from '../../db/schema.js';
import type { Updateable } from 'kysely';
import type { Candidate } from './resolve.js';
import { ACCEPTED } from '../../db/accepted.js';

// Airframes: one query each. Photos are read here for what says which aircraft they show (registration,
// type, MSN, date) and written only in their `airframe_id`.

/** Accepted photos: the only ones an airframe's history is made of. */
export { ACCEPTED };
export const NO_REG_KEY = registrationKey(NO_REGISTRATION);

/** The facts of a photo that say which aircraft it is. */
export function photoIdentity(db: DbOrTrx, photoId: number) {
  return db
    .selectFrom('photos')
    .leftJoin('aircraft_types', 'aircraft_types.id', 'photos.aircraft_type_id')
    .select([
      'photos.id',
      'photos.state',
      'photos.registration_key',
      'photos.msn',
      'photos.mode_s',
      'photos.aircraft_type_id',
      'photos.airframe_id',
      'photos.taken_on',
      'aircraft_types.icao as type_icao',
    ])
    .where('photos.id', '=', photoId)
    .executeTakeFirst();
}

/**
 * Serialises finding-or-making the airframe of one registration and one MSN across processes on
 * PostgreSQL (until the transaction ends); SQLite's one writer at a time does it there. Always the
 * registration first, then the MSN, so two of these never wait on each other in a circle.
 */
export async function lockIdentity(db: DbOrTrx, dialect: Dialect, regKey: string, msnKey: string | null): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`airframe-reg:${regKey}`}))`.execute(db);
  if (msnKey) await sql`select pg_advisory_xact_lock(hashtext(${`airframe-msn:${msnKey}`}))`.execute(db);
}

export async function candidatesByMsn(db: DbOrTrx, msnKey: string): Promise<Candidate[]> {
  const rows = await db
    .selectFrom('airframes')
    .leftJoin('aircraft_types', 'aircraft_types.id', 'airframes.aircraft_type_id')
    .select(['airframes.id', 'airframes.aircraft_type_id', 'airframes.msn_key', 'aircraft_types.icao'])
    .where('airframes.msn_key', '=', msnKey)
    .where('airframes.merged_into', 'is', null)
    .execute();
  return rows.map((r) => ({ id: r.id, typeId: r.aircraft_type_id, typeIcao: r.icao, msnKey: r.msn_key, span: null }));
}

/** Airframes whose accepted photos carry the registration, with the days those photos span. */
export async function candidatesByRegistration(db: DbOrTrx, regKey: string): Promise<Candidate[]> {
  const rows = await db
    .selectFrom('photos')
    .innerJoin('airframes', 'airframes.id', 'photos.airframe_id')
    .leftJoin('aircraft_types', 'aircraft_types.id', 'airframes.aircraft_type_id')
    .select([
      'airframes.id',
      'airframes.aircraft_type_id',
      'airframes.msn_key',
      'aircraft_types.icao',
      (eb) => eb.fn.min('photos.taken_on').as('from'),
      (eb) => eb.fn.max('photos.taken_on').as('to'),
    ])
    .where('photos.registration_key', '=', regKey)
    .where(ACCEPTED)
    .where('airframes.merged_into', 'is', null)
    .groupBy(['airframes.id', 'airframes.aircraft_type_id', 'airframes.msn_key', 'aircraft_types.icao'])
    .execute();
  // Aircraft known from a fleet list with no accepted photo yet: found by the registration they keep (issue 39).
  const listed = await db
    .selectFrom('airframes')
    .leftJoin('aircraft_types', 'aircraft_types.id', 'airframes.aircraft_type_id')
    .select(['airframes.id', 'airframes.aircraft_type_id', 'airframes.msn_key', 'aircraft_types.icao'])
    .where('airframes.registration', 'in', [...new Set([formatRegistration(regKey) ?? regKey, regKey])])
    .where('airframes.first_photo_id', 'is', null)
    .where('airframes.merged_into', 'is', null)
    .execute();
  return [
    ...rows.map((r) => ({
      id: r.id,
      typeId: r.aircraft_type_id,
      typeIcao: r.icao,
      msnKey: r.msn_key,
      span: { from: String(r.from), to: String(r.to) },
    })),
    ...listed
      .filter((l) => !rows.some((r) => r.id === l.id))
      .map((l) => ({ id: l.id, typeId: l.aircraft_type_id, typeIcao: l.icao, msnKey: l.msn_key, span: null })),
  ];
}

export async function insertAirframe(db: DbOrTrx, row: NewAirframe): Promise<number> {
  const { id } = await db.insertInto('airframes').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findAirframe(db: DbOrTrx, id: number) {
  return db.selectFrom('airframes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setPhotoAirframe(db: DbOrTrx, photoId: number, airframeId: number | null): Promise<void> {
  await db.updateTable('photos').set({ airframe_id: airframeId }).where('id', '=', photoId).where(ACCEPTED).execute();
}

/** The rows of an airframe's photos, locked in id order on PostgreSQL (SQLite has one writer anyway). */
export async function lockPhotosOf(db: DbOrTrx, dialect: Dialect, airframeId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('photos').select('id').where('airframe_id', '=', airframeId).orderBy('id').forUpdate().execute();
}

/** An airframe learns its type, MSN and Mode S address from the first photo that names them (never overwritten). */
export async function fillUnknown(
  db: DbOrTrx,
  id: number,
  facts: { typeId: number | null; msn: string | null; msnKey: string | null; modeS?: string | null },
  now: number,
): Promise<void> {
  if (facts.modeS) {
    await db
      .updateTable('airframes')
      .set({ mode_s: facts.modeS, updated_at: now })
      .where('id', '=', id)
      .where('mode_s', 'is', null)
      .execute();
  }
  if (facts.typeId !== null) {
    await db
      .updateTable('airframes')
      .set({ aircraft_type_id: facts.typeId, updated_at: now })
      .where('id', '=', id)
      .where('aircraft_type_id', 'is', null)
      .execute();
  }
  if (facts.msnKey !== null) {
    await db
      .updateTable('airframes')
      .set({ msn: facts.msn, msn_key: facts.msnKey, updated_at: now })
      .where('id', '=', id)
      .where('msn_key', 'is', null)
      .execute();
  }
}

/** Aircraft operated by a merged-away airline are operated by the one it joined. */
export async function moveOperator(db: DbOrTrx, fromId: number, intoId: number): Promise<void> {
  await db.updateTable('airframes').set({ airline_id: intoId }).where('airline_id', '=', fromId).execute();
}

/** The registration of an airframe's newest accepted photo (its current one), or null. */
export async function currentRegistration(db: DbOrTrx, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('photos')
    .select('registration')
    .where('airframe_id', '=', id)
    .where(ACCEPTED)
    .orderBy('taken_on', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.registration ?? null;
}

/** Guarded: changes a live (not merged) airframe only; false when there is none. */
export async function updateLive(db: DbOrTrx, id: number, set: Updateable<AirframesTable>): Promise<boolean> {
  const res = await db.updateTable('airframes').set(set).where('id', '=', id).where('merged_into', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Every photo of one airframe moves to another; the ids that moved. */
export async function movePhotos(db: DbOrTrx, fromId: number, intoId: number): Promise<number[]> {
  const rows = await db
    .updateTable('photos')
    .set({ airframe_id: intoId })
    .where('airframe_id', '=', fromId)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Airframes merged into `fromId` earlier now lead straight to `intoId`. */
export async function redirectMerged(db: DbOrTrx, fromId: number, intoId: number): Promise<void> {
  await db.updateTable('airframes').set({ merged_into: intoId }).where('merged_into', '=', fromId).execute();
}

/** These photos move from one airframe to another, only if each is still on the first; how many did. */
export async function movePhotosOf(db: DbOrTrx, photoIds: number[], fromId: number, intoId: number): Promise<number> {
  const res = await db
    .updateTable('photos')
    .set({ airframe_id: intoId })
    .where('id', 'in', photoIds)
    .where('airframe_id', '=', fromId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Puts accepted photos on an airframe; how many moved (a photo no longer accepted is left alone). */
export async function placePhotos(db: DbOrTrx, photoIds: number[], intoId: number): Promise<number> {
  const res = await db
    .updateTable('photos')
    .set({ airframe_id: intoId })
    .where('id', 'in', photoIds)
    .where(ACCEPTED)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function acceptedCountOf(db: DbOrTrx, airframeId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('airframe_id', '=', airframeId)
    .where(ACCEPTED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Of these photos, the accepted ones, with what they say of the aircraft (type, MSN) and where they are now. */
export function acceptedIdentitiesOf(db: DbOrTrx, photoIds: number[]) {
  return db
    .selectFrom('photos')
    .select(['id', 'aircraft_type_id', 'msn', 'airframe_id'])
    .where('id', 'in', photoIds)
    .where(ACCEPTED)
    .execute();
}

export async function typeIcao(db: DbOrTrx, typeId: number): Promise<string | null> {
  const row = await db.selectFrom('aircraft_types').select('icao').where('id', '=', typeId).executeTakeFirst();
  return row?.icao ?? null;
}

export async function typeExists(db: DbOrTrx, typeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('aircraft_types')
    .select('id')
    .where('id', '=', typeId)
    .where('status', '=', 'available')
    .executeTakeFirst();
  return !!row;
}

export async function liveryExists(db: DbOrTrx, id: number): Promise<boolean> {
  return !!(await db.selectFrom('liveries').select('id').where('id', '=', id).executeTakeFirst());
}

/** A merged aircraft type: airframes of it are of the survivor. */
export async function moveType(db: DbOrTrx, fromId: number, intoId: number): Promise<void> {
  await db.updateTable('airframes').set({ aircraft_type_id: intoId }).where('aircraft_type_id', '=', fromId).execute();
}

export async function airlineExists(db: DbOrTrx, airlineId: number): Promise<boolean> {
  const row = await db
    .selectFrom('airlines')
    .select('id')
    .where('id', '=', airlineId)
    .where('status', '=', 'available')
    .executeTakeFirst();
  return !!row;
}

/** One period of an airframe: its accepted photos under a registration taken between two days get a new operator or livery. */
export async function setPeriodFacts(
  db: DbOrTrx,
  airframeId: number,
  period: { registrationKey: string; from: string; to: string },
  set: { airline_id?: number | null; livery_id?: number | null },
): Promise<number[]> {
  const rows = await db
    .updateTable('photos')
    .set(set)
    .where('airframe_id', '=', airframeId)
    .where(ACCEPTED)
    .where('registration_key', '=', period.registrationKey)
    .where('taken_on', '>=', period.from)
    .where('taken_on', '<=', period.to)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
