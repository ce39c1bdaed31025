import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { AircraftTypesTable, AirlinesTable, AirportsTable, Database } from '../../db/schema.js';

export type RefKind = 'airports' | 'airlines' | 'aircraft_types';
type RefTables = Pick<Database, RefKind>;
export type RefRow<K extends RefKind> = K extends 'airports'
  ? AirportsTable
  : K extends 'airlines'
    ? AirlinesTable
    : AircraftTypesTable;

// The three reference tables share their search columns (id, status, suggested_by, search_text,
// icao); these queries are written once against that common shape.
const common = (db: DbOrTrx) => db as unknown as Kysely<Record<RefKind, AirportsTable>>;

/** Visible to a caller: available rows, plus the caller's own pending suggestions. */
export async function searchRefs(db: DbOrTrx, kind: RefKind, q: string, viewerId: number | null, offset: number, limit: number) {
  const needle = q.toLowerCase();
  const codeMatch = needle.toUpperCase();
  let query = common(db)
    .selectFrom(kind as 'airports')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', '=', 'available'),
        ...(viewerId !== null ? [eb.and([eb('status', '=', 'pending'), eb('suggested_by', '=', viewerId)])] : []),
      ]),
    );
  if (needle) {
    const escaped = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where(sql<boolean>`search_text like ${`%${escaped}%`} escape '\\'`);
  }
  const exact = kind === 'aircraft_types' ? sql`icao = ${codeMatch}` : sql`(icao = ${codeMatch} or iata = ${codeMatch})`;
  return (
    query
      // Exact code first, then matches at the start of a word (国航 before 美国航空), then the rest.
      .orderBy(
        sql`case when ${exact} then 0 when search_text like ${`${needle}%`} or search_text like ${`% ${needle}%`} then 1 else 2 end`,
      )
      .orderBy('id')
      .offset(offset)
      .limit(limit + 1)
      .execute() as unknown as Promise<RefRow<typeof kind>[]>
  );
}

export function findRef<K extends RefKind>(db: DbOrTrx, kind: K, id: number) {
  return common(db)
    .selectFrom(kind as 'airports')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst() as unknown as Promise<(RefRow<K> & { id: number; edited: number }) | undefined>;
}

/** An available row of the same kind holding one of these codes (duplicate check for additions). */
export async function findByCodes(db: DbOrTrx, kind: RefKind, codes: { icao?: string; iata?: string }) {
  const conds: RawBuilder<boolean>[] = [];
  if (codes.icao) conds.push(sql<boolean>`icao = ${codes.icao}`);
  if (codes.iata && kind !== 'aircraft_types') conds.push(sql<boolean>`iata = ${codes.iata}`);
  if (conds.length === 0) return undefined;
  return common(db)
    .selectFrom(kind as 'airports')
    .select('id')
    .where('status', '=', 'available')
    .where((eb) => eb.or(conds))
    .executeTakeFirst();
}

export async function insertRef<K extends RefKind>(db: DbOrTrx, kind: K, row: Record<string, unknown>): Promise<number> {
  const res = await (db as unknown as Kysely<RefTables>)
    .insertInto(kind)
    .values(row as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return res.id;
}

/** Inserts or refreshes imported rows by external_id; rows a screener edited are left alone. */
export async function upsertImported(
  db: DbOrTrx,
  kind: RefKind,
  rows: Record<string, unknown>[],
  columns: string[],
): Promise<void> {
  if (rows.length === 0) return;
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto(kind)
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('external_id')
        .doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)])))
        .where(sql.ref(`${kind}.edited`), '=', 0),
    )
    .execute();
}

export async function countRefs(db: DbOrTrx, kind: RefKind): Promise<number> {
  const row = await common(db)
    .selectFrom(kind as 'airports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows by id for presenting photos; pending rows included (a photo may use its uploader's suggestion). */
export function refsByIds<K extends RefKind>(db: DbOrTrx, kind: K, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as (RefRow<K> & { id: number })[]);
  return common(db)
    .selectFrom(kind as 'airports')
    .selectAll()
    .where('id', 'in', ids)
    .execute() as unknown as Promise<(RefRow<K> & { id: number })[]>;
}
