import type { Kysely } from 'kysely';
import { msType, withId } from './helpers.js';

// 收藏 (issue 39, item 7): a member's collections, each private or public, and the photos in each. A photo
// is in a collection once (the unique key: two tabs adding it make one row); the id orders them, the one
// added last first.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('collections'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', (c) => c.notNull())
    .addColumn('public', 'integer', (c) => c.notNull())
    .addColumn('created_at', msType, (c) => c.notNull())
    .addColumn('updated_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('collections_user_idx').on('collections').columns(['user_id', 'id']).execute();
  await withId(db, db.schema.createTable('collection_photos'))
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('photo_id', 'integer', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('added_at', msType, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('collection_photos_collection_photo_idx')
    .unique()
    .on('collection_photos')
    .columns(['collection_id', 'photo_id'])
    .execute();
  await db.schema
    .createIndex('collection_photos_collection_id_idx')
    .on('collection_photos')
    .columns(['collection_id', 'id'])
    .execute();
  await db.schema.createIndex('collection_photos_photo_idx').on('collection_photos').column('photo_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('collection_photos').execute();
  await db.schema.dropTable('collections').execute();
}
