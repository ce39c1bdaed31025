import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { NewAircraftType, NewAirline, NewAirport } from '../../db/schema.js';
import type { RefKind } from './reference.repository.js';

// The queries of the reference import (reference.import.ts): rows upserted by external_id, search
// texts refreshed, and which curated data a database last imported.

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
            [
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
            ].map((c) => [c, excluded(c)]),
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
          Object.fromEntries(
            ['icao', 'iata', 'name_zh', 'name_en', 'country', 'short_zh', 'active', 'prominence', 'search_text'].map((c) => [
              c,
              excluded(c),
            ]),
          ),
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
            ['icao', 'manufacturer_en', 'manufacturer_zh', 'type_name', 'variant', 'name_zh', 'aliases', 'search_text'].map(
              (c) => [c, excluded(c)],
            ),
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
