import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';

// Helpers for filling a database fast with made-up rows (the benches' gallery, gallery-fill.ts).

/**
 * sfc32, seeded: a small generator with good statistics. (A 31-bit LCG's successive draws are
 * correlated: the old bench picked 4,676 distinct registrations out of 30,000 draws.)
 */
export function random(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

/** Skewed picks: index 0 most often, the tail now and then. */
export const skewed = (rand: () => number, n: number) => Math.min(n - 1, Math.floor(n * rand() ** 2.5));

export const hex = (rand: () => number, digits: number) =>
  Array.from({ length: digits }, () => Math.floor(rand() * 16).toString(16)).join('');

/**
 * Drops the secondary indexes of the photos and their search tables (those of the migrations, as the
 * database describes them; PostgreSQL's full-text GIN index too) and
 * returns what makes them again: built once over a million rows they take seconds each, where keeping
 * some twenty of them through a million inserts (file and look hashes, random keys) took minutes.
 */
export async function setIndexesAside(database: DatabaseHandle): Promise<() => Promise<void>> {
  const db = database.db;
  const { rows } =
    database.dialect === 'postgres'
      ? await sql<{ name: string; ddl: string }>`select indexname as name, indexdef as ddl from pg_indexes
          where tablename in ('photos', 'photo_search', 'photo_categories')
            and indexname not in (select conname from pg_constraint)`.execute(db)
      : await sql<{ name: string; ddl: string }>`select name, sql as ddl from sqlite_master
          where type = 'index' and tbl_name in ('photos', 'photo_categories') and sql is not null`.execute(db);
  for (const { name } of rows) await sql`drop index ${sql.id(name)}`.execute(db);
  return async () => {
    await db.transaction().execute(async (trx) => {
      if (database.dialect === 'postgres') await sql`set local statement_timeout = 0`.execute(trx);
      if (database.dialect === 'postgres') await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
      for (const { ddl } of rows) await sql.raw(ddl).execute(trx);
    });
  };
}
