import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { RefKind } from './reference.repository.js';

// Curation's queries (PRODUCT.md §3.11): the columns every kind shares, so each is written once over
// the three tables, with the rule of each change in its WHERE clause.

/** The codes of one row (approving a suggestion checks them again). */
export const codesOf = (db: DbOrTrx, kind: RefKind, id: number) =>
  db
    .selectFrom(kind)
    .select([
      sql<string | null>`icao`.as('icao'),
      sql<string | null>`${sql.raw(kind === 'aircraft_types' ? 'null' : 'iata')}`.as('iata'),
    ])
    .where(sql<boolean>`id = ${id}`)
    .executeTakeFirst();

export async function setRefStatus(db: DbOrTrx, kind: RefKind, id: number, status: string, fromStatus: string): Promise<boolean> {
  const r = await sql`update ${sql.table(kind)} set status = ${status} where id = ${id} and status = ${fromStatus}`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Marks a duplicate merged (and edited, so an import leaves its columns alone); only from a listed state. */
export async function markMerged(db: DbOrTrx, kind: RefKind, id: number, intoId: number): Promise<boolean> {
  const r = await sql`update ${sql.table(kind)} set status = 'merged', merged_into = ${intoId}, edited = 1
    where id = ${id} and status in ('available', 'pending')`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Rows merged earlier into the duplicate now point at the survivor. */
export async function repointMerged(db: DbOrTrx, kind: RefKind, fromId: number, intoId: number): Promise<void> {
  await sql`update ${sql.table(kind)} set merged_into = ${intoId} where merged_into = ${fromId}`.execute(db);
}

/** Marks the survivor of a merge edited, only while it is available; the row stays locked (PostgreSQL) until the merge ends. */
export async function markSurvivor(db: DbOrTrx, kind: RefKind, id: number): Promise<boolean> {
  const r = await sql`update ${sql.table(kind)} set edited = 1 where id = ${id} and status = 'available'`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

export async function markDeleted(db: DbOrTrx, kind: RefKind, id: number): Promise<boolean> {
  const r = await sql`update ${sql.table(kind)} set status = 'deleted', edited = 1
    where id = ${id} and status in ('available', 'pending', 'rejected')`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

export async function countPending(db: DbOrTrx, kind: RefKind): Promise<number> {
  const row = await db
    .selectFrom(kind)
    .select(sql<number>`count(*)`.as('n'))
    .where(sql<boolean>`status = 'pending'`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many photos (any state) name an entry: a used entry is merged, never deleted, and a merge says how many moved. */
export async function countPhotosNaming(
  db: DbOrTrx,
  column: 'airport_id' | 'airline_id' | 'aircraft_type_id',
  id: number,
): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
