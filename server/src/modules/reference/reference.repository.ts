import { sql, type SelectQueryBuilder } from 'kysely';
import { ACCEPTED } from '../../db/accepted.js';
import type { DbOrTrx } from '../../db/database.js';
import type { Database, NewAircraftType, NewAirline, NewAirport } from '../../db/schema.js';

export type RefKind = 'airports' | 'airlines' | 'aircraft_types';

export interface RefSearch {
  /** Normalised words that must all occur in search_text, each in one of its spellings (see search-words.ts); none lists everything visible. */
  terms: string[][];
  /** The query's words that name the entry, matched as whole words for the ranking. */
  phrase: string;
  viewerId: number | null;
  offset: number;
  limit: number;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

// The three tables share their search columns (status, suggested_by, search_text, icao, and iata
// for airports and airlines). The conditions are written once in SQL and applied to each table's
// own typed query, so every function below returns its table's exact row type.
function searched<TB extends RefKind, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  s: RefSearch,
  kind: RefKind,
): SelectQueryBuilder<Database, TB, O> {
  const visible =
    s.viewerId === null
      ? sql<boolean>`status = 'available'`
      : sql<boolean>`(status = 'available' or (status = 'pending' and suggested_by = ${s.viewerId}))`;
  // Spaces around the words, so a word's start and a whole word are plain LIKE patterns.
  const spaced = sql`(' ' || search_text || ' ')`;
  const codes = s.terms.flat().map((t) => t.toUpperCase());
  const anyOf = (spellings: string[], pattern: (escaped: string) => string, column = sql`search_text`) =>
    sql<boolean>`(${sql.join(
      spellings.map((t) => sql`${column} like ${pattern(escapeLike(t))} escape '\\'`),
      sql` or `,
    )})`;
  const exactCode =
    codes.length === 0
      ? sql<boolean>`1 = 0`
      : kind === 'aircraft_types'
        ? sql<boolean>`icao in (${sql.join(codes)})`
        : sql<boolean>`(icao in (${sql.join(codes)}) or iata in (${sql.join(codes)}))`;
  const wholePhrase = sql<boolean>`${spaced} like ${`% ${escapeLike(s.phrase)} %`} escape '\\'`;
  // The entry's own name is what was typed: 丽江 is where 丽江三义 starts, 大兴 where 北京大兴 ends;
  // 国航 is 中国国际航空's short name; 737 is the 737's designation (not the 737 MAX's).
  const ownName =
    s.phrase === ''
      ? sql<boolean>`1 = 0`
      : kind === 'aircraft_types'
        ? sql<boolean>`(lower(type_name) = ${s.phrase} or lower(name_zh) = ${s.phrase})`
        : sql<boolean>`(lower(name_zh) like ${`${escapeLike(s.phrase)}%`} escape '\\' or lower(name_zh) like ${`%${escapeLike(s.phrase)}`} escape '\\'${
            kind === 'airlines' ? sql` or lower(short_zh) = ${s.phrase}` : sql``
          })`;
  const wordStarts =
    s.terms.length === 0
      ? sql<boolean>`1 = 1`
      : sql.join(
          s.terms.map((t) => anyOf(t, (e) => `% ${e}%`, spaced)),
          sql` and `,
        );
  return (
    query
      .where(visible)
      .$call((q) => s.terms.reduce((acc, t) => acc.where(anyOf(t, (e) => `%${e}%`)), q))
      // An exact code first (PEK, CCA, A320), then the entry's own name, then a whole word of its names
      // (a city, a short name), then words that start with what was typed, then the rest.
      .orderBy(
        sql`case when ${exactCode} then 0 when ${ownName} then 1 when ${wholePhrase} then 2 when ${wordStarts} then 3 else 4 end`,
      )
      // Of equals, the large airport before the small one, the flying airline before the one that held
      // its code in the past (TBA: 西藏航空, not Transbrasil); then entries with a Chinese name.
      .$if(kind !== 'aircraft_types', (q) =>
        q.orderBy(sql`prominence`, 'desc').orderBy(sql`case when name_zh is null then 1 else 0 end`),
      )
      // Of a type's variants, the one most photographed first (波音737: the 737-800, not the 737-300),
      // then by name (737-700 before 737-800, MAX 8 before MAX 10). The count reads the partial index
      // of accepted photos by type: about 20 ms for every type at a million photos on SQLite.
      .$if(kind === 'aircraft_types', (q) =>
        q
          .orderBy(sql`(select count(*) from photos where photos.aircraft_type_id = aircraft_types.id and ${ACCEPTED})`, 'desc')
          .orderBy(sql`lower(type_name)`)
          .orderBy(sql`length(coalesce(variant, ''))`)
          .orderBy(sql`variant`),
      )
      .orderBy(sql`id`)
      .offset(s.offset)
      .limit(s.limit + 1)
  );
}

/** Visible to a caller: available rows, plus the caller's own pending suggestions. One more than `limit`. */
export const searchAirports = (db: DbOrTrx, s: RefSearch) =>
  searched(db.selectFrom('airports').selectAll(), s, 'airports').execute();
export const searchAirlines = (db: DbOrTrx, s: RefSearch) =>
  searched(db.selectFrom('airlines').selectAll(), s, 'airlines').execute();
export const searchAircraftTypes = (db: DbOrTrx, s: RefSearch) =>
  searched(db.selectFrom('aircraft_types').selectAll(), s, 'aircraft_types').execute();

export const findAirport = (db: DbOrTrx, id: number) =>
  db.selectFrom('airports').selectAll().where('id', '=', id).executeTakeFirst();
export const findAirline = (db: DbOrTrx, id: number) =>
  db.selectFrom('airlines').selectAll().where('id', '=', id).executeTakeFirst();
export const findAircraftType = (db: DbOrTrx, id: number) =>
  db.selectFrom('aircraft_types').selectAll().where('id', '=', id).executeTakeFirst();

/** Every row of a kind, whatever its status (the gallery's words of each entry). */
export const allRows = (db: DbOrTrx, kind: RefKind) => db.selectFrom(kind).selectAll().execute();

/** Rows by id for presenting photos; pending rows included (a photo may use its uploader's suggestion). */
export const airportsByIds = (db: DbOrTrx, ids: number[]) =>
  db.selectFrom('airports').selectAll().where('id', 'in', ids).execute();
export const airlinesByIds = (db: DbOrTrx, ids: number[]) =>
  db.selectFrom('airlines').selectAll().where('id', 'in', ids).execute();
export const aircraftTypesByIds = (db: DbOrTrx, ids: number[]) =>
  db.selectFrom('aircraft_types').selectAll().where('id', 'in', ids).execute();

/**
 * Which of these codes another available row of the same kind already holds ('icao' checked first),
 * or null; `exceptId` is the row being edited or approved. One query per code, so the answer names
 * the field that clashes. `flyingOnly`: rows that no longer operate hold none (airlines, kinds.ts).
 */
export async function takenCode(
  db: DbOrTrx,
  kind: RefKind,
  codes: { icao?: string | null | undefined; iata?: string | null | undefined },
  exceptId: number | null,
  flyingOnly = false,
): Promise<'icao' | 'iata' | null> {
  const fields = kind === 'aircraft_types' ? (['icao'] as const) : (['icao', 'iata'] as const);
  for (const field of fields) {
    const code = codes[field];
    if (!code) continue;
    const hit = await db
      .selectFrom(kind)
      .select(sql<number>`id`.as('id'))
      .where(sql<boolean>`status = 'available'`)
      .where(sql<boolean>`${sql.ref(field)} = ${code}`)
      .$if(exceptId !== null, (q) => q.where(sql<boolean>`id <> ${exceptId}`))
      .$if(flyingOnly, (q) => q.where(sql<boolean>`active = 1`))
      .executeTakeFirst();
    if (hit) return field;
  }
  return null;
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

/** The columns every kind shares, for the rules of review, merge and deletion. */
export const findRefState = (db: DbOrTrx, kind: RefKind, id: number) =>
  db
    .selectFrom(kind)
    .select([sql<number>`id`.as('id'), sql<string>`status`.as('status'), sql<number | null>`suggested_by`.as('suggested_by')])
    .where(sql<boolean>`id = ${id}`)
    .executeTakeFirst();

/** False when the row is no longer listed (merged or deleted meanwhile). */
export async function updateAirport(db: DbOrTrx, id: number, row: Omit<NewAirport, 'status' | 'created_at'>): Promise<boolean> {
  const r = await db
    .updateTable('airports')
    .set({ ...row, edited: 1 })
    .where('id', '=', id)
    .where('status', 'in', ['available', 'pending'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
/** False when the row is no longer listed (merged or deleted meanwhile). */
export async function updateAirline(db: DbOrTrx, id: number, row: Omit<NewAirline, 'status' | 'created_at'>): Promise<boolean> {
  const r = await db
    .updateTable('airlines')
    .set({ ...row, edited: 1 })
    .where('id', '=', id)
    .where('status', 'in', ['available', 'pending'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
export async function updateAircraftType(
  db: DbOrTrx,
  id: number,
  row: Omit<NewAircraftType, 'status' | 'created_at'>,
): Promise<boolean> {
  const r = await db
    .updateTable('aircraft_types')
    .set({ ...row, edited: 1 })
    .where('id', '=', id)
    .where('status', 'in', ['available', 'pending'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Members' suggestions waiting for a screener, oldest first. */
export const pendingAirports = (db: DbOrTrx, limit: number) =>
  db.selectFrom('airports').selectAll().where('status', '=', 'pending').orderBy('id').limit(limit).execute();
export const pendingAirlines = (db: DbOrTrx, limit: number) =>
  db.selectFrom('airlines').selectAll().where('status', '=', 'pending').orderBy('id').limit(limit).execute();
export const pendingAircraftTypes = (db: DbOrTrx, limit: number) =>
  db.selectFrom('aircraft_types').selectAll().where('status', '=', 'pending').orderBy('id').limit(limit).execute();
