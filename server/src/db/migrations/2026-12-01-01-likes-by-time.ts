import type { Kysely } from 'kysely';

// Monthly rankings (issue 39, item 6): the likes given in a month are a range of this index, not a scan of
// every like on the site.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('likes_created_idx').on('likes').columns(['created_at', 'photo_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('likes_created_idx').execute();
}
