import { sql, type SelectQueryBuilder } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { Database, NewAircraftType, NewAirline, NewAirport } from '../../db/schema.js';

export type RefKind = 'airports' | 'airlines' | 'aircraft_types';

export interface RefSearch {
  /** Lowercased query; empty lists everything visible. */
  needle: string;
  viewerId: number | null;
  offset: number;
  limit: number;
}

// The three tables share their search columns (status, suggested_by, search_text, icao, and iata
// for airports and airlines). The conditions are written once in SQL and applied to each table's
// own typed query, so every function below returns its table's exact row type.
function searched<TB extends RefKind, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  s: RefSearch,
  withIata: boolean,
): SelectQueryBuilder<Database, TB, O> {
  const code = s.needle.toUpperCase();
  const visible =
    s.viewerId === null
      ? sql<boolean>`status = 'available'`
      : sql<boolean>`(status = 'available' or (status = 'pending' and suggested_by = ${s.viewerId}))`;
  const escaped = s.needle.replace(/[\\%_]/g, (c) => `\\${c}`);
  const exact = withIata ? sql`(icao = ${code} or iata = ${code})` : sql`icao = ${code}`;
  return (
    query
      .where(visible)
      .$if(s.needle !== '', (q) => q.where(sql<boolean>`search_text like ${`%${escaped}%`} escape '\\'`))
      // Exact code first, then matches at the start of a word (国航 before 美国航空), then the rest.
      .orderBy(
        sql`case when ${exact} then 0 when search_text like ${`${s.needle}%`} or search_text like ${`% ${s.needle}%`} then 1 else 2 end`,
      )
      .orderBy(sql`id`)
      .offset(s.offset)
      .limit(s.limit + 1)
  );
}

/** Visible to a caller: available rows, plus the caller's own pending suggestions. One more than `limit`. */
export const searchAirports = (db: DbOrTrx, s: RefSearch) => searched(db.selectFrom('airports').selectAll(), s, true).execute();
export const searchAirlines = (db: DbOrTrx, s: RefSearch) => searched(db.selectFrom('airlines').selectAll(), s, true).execute();
export const searchAircraftTypes = (db: DbOrTrx, s: RefSearch) =>
  searched(db.selectFrom('aircraft_types').selectAll(), s, false).execute();

export const findAirport = (db: DbOrTrx, id: number) =>
  db.selectFrom('airports').selectAll().where('id', '=', id).executeTakeFirst();
export const findAirline = (db: DbOrTrx, id: number) =>
  db.selectFrom('airlines').selectAll().where('id', '=', id).executeTakeFirst();
export const findAircraftType = (db: DbOrTrx, id: number) =>
  db.selectFrom('aircraft_types').selectAll().where('id', '=', id).executeTakeFirst();

/** Rows by id for presenting photos; pending rows included (a photo may use its uploader's suggestion). */
export const airportsByIds = (db: DbOrTrx, ids: number[]) =>
  db.selectFrom('airports').selectAll().where('id', 'in', ids).execute();
export const airlinesByIds = (db: DbOrTrx, ids: number[]) =>
  db.selectFrom('airlines').selectAll().where('id', 'in', ids).execute();
export const aircraftTypesByIds = (db: DbOrTrx, ids: number[]) =>
  db.selectFrom('aircraft_types').selectAll().where('id', 'in', ids).execute();

/** An available row of the same kind holding one of these codes (duplicate check for additions). */
export function findByCodes(db: DbOrTrx, kind: RefKind, codes: { icao?: string | undefined; iata?: string | undefined }) {
  const conds = [
    ...(codes.icao ? [sql<boolean>`icao = ${codes.icao}`] : []),
    ...(codes.iata && kind !== 'aircraft_types' ? [sql<boolean>`iata = ${codes.iata}`] : []),
  ];
  if (conds.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom(kind)
    .select(sql<number>`id`.as('id'))
    .where(sql<boolean>`status = 'available'`)
    .where((eb) => eb.or(conds))
    .executeTakeFirst();
}

export async function insertAirport(db: DbOrTrx, row: NewAirport): Promise<number> {
  return (await db.insertInto('airports').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
export async function insertAirline(db: DbOrTrx, row: NewAirline): Promise<number> {
  return (await db.insertInto('airlines').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
export async function insertAircraftType(db: DbOrTrx, row: NewAircraftType): Promise<number> {
  return (await db.insertInto('aircraft_types').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

// Imports insert or refresh rows by external_id; rows a screener edited (edited = 1) are left alone.
const excluded = (column: string) => sql.ref(`excluded.${column}`);

export async function upsertImportedAirports(db: DbOrTrx, rows: NewAirport[]): Promise<void> {
  await db
    .insertInto('airports')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('external_id')
        .doUpdateSet(
          Object.fromEntries(
            ['icao', 'iata', 'name_zh', 'name_en', 'city', 'country', 'search_text'].map((c) => [c, excluded(c)]),
          ),
        )
        .where('airports.edited', '=', 0),
    )
    .execute();
}

export async function upsertImportedAirlines(db: DbOrTrx, rows: NewAirline[]): Promise<void> {
  await db
    .insertInto('airlines')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('external_id')
        .doUpdateSet(
          Object.fromEntries(['icao', 'iata', 'name_zh', 'name_en', 'country', 'search_text'].map((c) => [c, excluded(c)])),
        )
        .where('airlines.edited', '=', 0),
    )
    .execute();
}

export async function upsertImportedAircraftTypes(db: DbOrTrx, rows: NewAircraftType[]): Promise<void> {
  await db
    .insertInto('aircraft_types')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('external_id')
        .doUpdateSet(
          Object.fromEntries(
            ['icao', 'manufacturer_en', 'manufacturer_zh', 'type_name', 'variant', 'search_text'].map((c) => [c, excluded(c)]),
          ),
        )
        .where('aircraft_types.edited', '=', 0),
    )
    .execute();
}

export async function countAirports(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('airports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
