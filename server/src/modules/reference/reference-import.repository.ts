import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { NewAircraftType, NewAirline, NewAirport } from '../../db/schema.js';
import type { RefKind } from './reference.repository.js';

// The queries of the reference import (reference.import.ts): rows upserted by external_id, search
// texts refreshed, and which curated data a database last imported.

// Imports insert or refresh rows by external_id. What a screener can edit (names and codes) is left
// alone in a row they edited (edited = 1); what only the curated data carries (a city in Chinese, a
// short name, prominence) is refreshed in every row, edited or not.
const EDITABLE: { [K in RefKind]: string[] } = {
  airports: ['icao', 'iata', 'name_zh', 'name_en', 'city', 'country', 'search_text'],
  airlines: ['icao', 'iata', 'name_zh', 'name_en', 'country', 'search_text'],
  aircraft_types: ['icao', 'manufacturer_en', 'manufacturer_zh', 'type_name', 'variant', 'search_text'],
};
const CURATED_ONLY: { [K in RefKind]: string[] } = {
  airports: ['city_zh', 'region_zh', 'aliases', 'prominence'],
  airlines: ['short_zh', 'active', 'prominence'],
  aircraft_types: ['name_zh', 'aliases'],
};

async function upsertImported(db: DbOrTrx, kind: RefKind, rows: (NewAirport | NewAirline | NewAircraftType)[]): Promise<void> {
  const kept = (c: string) =>
    sql`case when ${sql.ref(`${kind}.edited`)} = 0 then ${sql.ref(`excluded.${c}`)} else ${sql.ref(`${kind}.${c}`)} end`;
  const set = {
    ...Object.fromEntries(EDITABLE[kind].map((c) => [c, kept(c)])),
    ...Object.fromEntries(CURATED_ONLY[kind].map((c) => [c, sql.ref(`excluded.${c}`)])),
  };
  // One statement for the three tables: their rows differ, their upsert does not.
  await db
    .insertInto(kind as 'airports')
    .values(rows as NewAirport[])
    .onConflict((oc) => oc.column('external_id').doUpdateSet(set))
    .execute();
}

export const upsertImportedAirports = (db: DbOrTrx, rows: NewAirport[]) => upsertImported(db, 'airports', rows);
export const upsertImportedAirlines = (db: DbOrTrx, rows: NewAirline[]) => upsertImported(db, 'airlines', rows);
export const upsertImportedAircraftTypes = (db: DbOrTrx, rows: NewAircraftType[]) => upsertImported(db, 'aircraft_types', rows);

/** The Chinese names imported airline rows hold now (external_id → name), which an import keeps in place. */
export async function airlineNamesZh(db: DbOrTrx): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('airlines')
    .select(['external_id', 'name_zh'])
    .where('name_zh', 'is not', null)
    .where('external_id', 'like', 'openflights:%')
    .execute();
  return new Map(rows.map((r) => [r.external_id!, r.name_zh!]));
}

/** Marks the curated airlines' own rows other than these as no longer flying. */
export async function retireCuratedAirlinesBut(db: DbOrTrx, externalIds: string[]): Promise<void> {
  await db
    .updateTable('airlines')
    .set({ active: 0, prominence: 0 })
    .where('external_id', 'like', 'curated-airline:%')
    .$if(externalIds.length > 0, (q) => q.where('external_id', 'not in', externalIds))
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
