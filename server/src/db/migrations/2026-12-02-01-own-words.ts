import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// Text search at a million (issue 37, ADR 0052): a photo's document is its own words (registration, MSN,
// photographer) and its type's, airline's and airport's names. The own words get an index of their own,
// so a word's photos are those of the entries naming it, read in order from their covering indexes, and
// the few whose own words hold it. The index starts empty: the re-index walk (GalleryIndex.reindexStep)
// is sent over every accepted photo again, and searches use it once that walk has ended.
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table photo_search add column own tsvector not null default ''::tsvector`.execute(db);
    await sql`create index photo_search_own_idx on photo_search using gin (own)`.execute(db);
  } else {
    await sql`create virtual table photo_own_search using fts5(doc, tokenize = 'unicode61', prefix = '2 3 4')`.execute(db);
  }
  await db.updateTable('search_reindex').set({ for_import: -1, after_id: 0, until_id: 0 }).where('id', '=', 1).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index photo_search_own_idx`.execute(db);
    await sql`alter table photo_search drop column own`.execute(db);
  } else {
    await sql`drop table photo_own_search`.execute(db);
  }
}
