import { sql } from 'kysely';
import type { DbOrTrx, Dialect } from '../../db/database.js';
import { ACCEPTED } from './gallery.repository.js';

// The gallery's search index (kept by GalleryIndex, accepted photos only): one search document and the
// categories of each accepted photo, and the version every process's answer cache checks.

/** A photo's indexed facts, its row locked on PostgreSQL until the transaction ends. */
export function photoForIndex(db: DbOrTrx, dialect: Dialect, id: number) {
  return db
    .selectFrom('photos')
    .innerJoin('users', 'users.id', 'photos.uploader_id')
    .select([
      'photos.id',
      'photos.state',
      'photos.registration',
      'photos.msn',
      'photos.categories',
      'photos.aircraft_type_id',
      'photos.airline_id',
      'photos.airport_id',
      'photos.uploader_id',
      'photos.featured_at',
      'users.username',
    ])
    .where('photos.id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forUpdate('photos'))
    .executeTakeFirst();
}

export async function acceptedIdsOf(db: DbOrTrx, uploaderId: number): Promise<number[]> {
  const rows = await db.selectFrom('photos').select('id').where('uploader_id', '=', uploaderId).where(ACCEPTED).execute();
  return rows.map((r) => r.id);
}

/**
 * A photo's documents: every word it is found by (`doc`), and its own words alone (`own`: registration,
 * MSN, photographer), which text search reads beside the entries naming a word (entry-words.ts).
 */
export async function writeSearchDocument(
  db: DbOrTrx,
  dialect: Dialect,
  photoId: number,
  docs: { doc: string; own: string },
  categories: string[],
) {
  await removeFromIndex(db, dialect, photoId);
  if (dialect === 'postgres') {
    await sql`insert into photo_search (photo_id, doc, own)
      values (${photoId}, to_tsvector('simple', ${docs.doc}), to_tsvector('simple', ${docs.own}))`.execute(db);
  } else {
    await sql`insert into photo_search (rowid, doc) values (${photoId}, ${docs.doc})`.execute(db);
    await sql`insert into photo_own_search (rowid, doc) values (${photoId}, ${docs.own})`.execute(db);
  }
  if (categories.length > 0) {
    await db
      .insertInto('photo_categories')
      .values(categories.map((category) => ({ photo_id: photoId, category })))
      .execute();
  }
}

export async function removeFromIndex(db: DbOrTrx, dialect: Dialect, photoId: number): Promise<void> {
  if (dialect === 'postgres') await sql`delete from photo_search where photo_id = ${photoId}`.execute(db);
  else {
    await sql`delete from photo_search where rowid = ${photoId}`.execute(db);
    await sql`delete from photo_own_search where rowid = ${photoId}`.execute(db);
  }
  await db.deleteFrom('photo_categories').where('photo_id', '=', photoId).execute();
}

export async function bumpGalleryVersion(db: DbOrTrx): Promise<void> {
  await db
    .updateTable('gallery_state')
    .set({ version: sql<number>`version + 1` })
    .where('id', '=', 1)
    .execute();
}

export async function galleryVersion(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom('gallery_state').select('version').where('id', '=', 1).executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * Takes the walk's row for this transaction, or says another process's walk holds it (false): on
 * PostgreSQL the row is locked without waiting; on SQLite a write, so the transaction writes from its
 * start and waits its turn (one writer at a time, busy_timeout).
 */
export async function lockReindexState(db: DbOrTrx, dialect: Dialect): Promise<boolean> {
  if (dialect === 'postgres') {
    const row = await db
      .selectFrom('search_reindex')
      .select('id')
      .where('id', '=', 1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    return row !== undefined;
  }
  await db.updateTable('search_reindex').set({ id: 1 }).where('id', '=', 1).execute();
  return true;
}

/** The walk re-indexing photos after a reference import. */
export const reindexState = (db: DbOrTrx) =>
  db.selectFrom('search_reindex').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

export async function setReindexState(db: DbOrTrx, state: { for_import: number; after_id: number; until_id: number }) {
  await db.updateTable('search_reindex').set(state).where('id', '=', 1).execute();
}

export async function lastPhotoId(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Accepted photos in (after, until], by id, at most `limit`. */
export async function acceptedIdsBetween(db: DbOrTrx, after: number, until: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('photos')
    .select('id')
    .where(ACCEPTED)
    .where('id', '>', after)
    .where('id', '<=', until)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
