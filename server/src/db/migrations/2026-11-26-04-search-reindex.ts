import type { Kysely } from 'kysely';
import { msType } from './helpers.js';

// After a re-import of the reference data (new Chinese names, pinyin), the gallery's search documents
// of photos accepted before are walked again in batches by a claimed job (GalleryIndex.reindexStep):
// `for_import` is the import the walk is for, `after_id` how far it got, `until_id` where it ends.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_reindex')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('for_import', msType, (c) => c.notNull())
    .addColumn('after_id', 'integer', (c) => c.notNull())
    .addColumn('until_id', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('search_reindex').values({ id: 1, for_import: 0, after_id: 0, until_id: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_reindex').execute();
}
