import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { NewAircraftType, NewAirline, NewAirport } from '../../db/schema.js';
import type { RefKind } from './reference.repository.js';

// The queries of the reference import (reference.import.ts): rows upserted by external_id, search
// texts refreshed, and which curated data a database last imported.

// Imports insert or refresh rows by external_id; rows a screener edited (edited = 1) are left alone.
// The columns an import refreshes, per kind (every column but status, suggestions and edits).
const REFRESHED: { [K in RefKind]: string[] } = {
  airports: ['icao', 'iata', 'name_zh', 'name_en', 'city', 'country', 'city_zh', 'region_zh', 'aliases', 'prominence'],
  airlines: ['icao', 'iata', 'name_zh', 'name_en', 'country', 'short_zh', 'active', 'prominence'],
  aircraft_types: ['icao', 'manufacturer_en', 'manufacturer_zh', 'type_name', 'variant', 'name_zh', 'aliases'],
};

async function upsertImported(db: DbOrTrx, kind: RefKind, rows: (NewAirport | NewAirline | NewAircraftType)[]): Promise<void> {
  const refreshed = [...REFRESHED[kind], 'search_text'];
  // One statement for the three tables: their rows differ, their upsert does not.
  await db
    .insertInto(kind as 'airports')
    .values(rows as NewAirport[])
    .onConflict((oc) =>
      oc
        .column('external_id')
        .doUpdateSet(Object.fromEntries(refreshed.map((c) => [c, sql.ref(`excluded.${c}`)])))
        .where(sql.ref(`${kind}.edited`), '=', 0),
    )
    .execute();
}

export const upsertImportedAirports = (db: DbOrTrx, rows: NewAirport[]) => upsertImported(db, 'airports', rows);
export const upsertImportedAirlines = (db: DbOrTrx, rows: NewAirline[]) => upsertImported(db, 'airlines', rows);
export const upsertImportedAircraftTypes = (db: DbOrTrx, rows: NewAircraftType[]) => upsertImported(db, 'aircraft_types', rows);

export async function countAirports(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('airports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every row with the columns its search text is made of, to refresh the text after its rules change. */
export const airportSearchSources = (db: DbOrTrx) =>
  db
    .selectFrom('airports')
    .select([
      'id',
      'icao',
      'iata',
      'name_zh',
      'name_en',
      'city',
      'country',
      'city_zh',
      'region_zh',
      'aliases',
      'prominence',
      'search_text',
    ])
    .execute();
export const airlineSearchSources = (db: DbOrTrx) =>
  db.selectFrom('airlines').select(['id', 'icao', 'iata', 'name_zh', 'name_en', 'country', 'short_zh', 'search_text']).execute();
export const aircraftTypeSearchSources = (db: DbOrTrx) =>
  db
    .selectFrom('aircraft_types')
    .select(['id', 'icao', 'manufacturer_en', 'manufacturer_zh', 'type_name', 'variant', 'name_zh', 'aliases', 'search_text'])
    .execute();

/** The curated data's name in reference_imports. */
export const CURATED_IMPORT = 'curated';

/** The digest and time of the curated data a database last imported, if any. */
export const lastImport = (db: DbOrTrx) =>
  db.selectFrom('reference_imports').select(['digest', 'imported_at']).where('name', '=', CURATED_IMPORT).executeTakeFirst();

export async function recordImport(db: DbOrTrx, digest: string, now: number): Promise<void> {
  await db
    .insertInto('reference_imports')
    .values({ name: CURATED_IMPORT, digest, imported_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ digest, imported_at: now }))
    .execute();
}

export async function setSearchText(db: DbOrTrx, kind: RefKind, id: number, text: string): Promise<void> {
  await sql`update ${sql.table(kind)} set search_text = ${text} where id = ${id}`.execute(db);
}
