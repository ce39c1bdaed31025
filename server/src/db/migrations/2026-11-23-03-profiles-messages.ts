import type { Kysely } from 'kysely';
import { msType, withId } from './helpers.js';

export async function up(db: Kysely<any>): Promise<void> {
  // A member's page (PRODUCT.md §3.5): a home airport and one of their accepted photos as the cover.
  await db.schema
    .alterTable('users')
    .addColumn('home_airport_id', 'integer', (c) => c.references('airports.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('cover_photo_id', 'integer', (c) => c.references('photos.id').onDelete('set null'))
    .execute();

  // 联系摄影师 (§3.4): the photographer's inbox.
  await withId(db, db.schema.createTable('messages'))
    .addColumn('from_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('photo_id', 'integer', (c) => c.references('photos.id').onDelete('set null'))
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('contact', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'varchar(600)', (c) => c.notNull())
    .addColumn('created_at', msType, (c) => c.notNull())
    .addColumn('read_at', msType)
    .execute();
  await db.schema.createIndex('messages_to_idx').on('messages').columns(['to_user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.alterTable('users').dropColumn('cover_photo_id').execute();
  await db.schema.alterTable('users').dropColumn('home_airport_id').execute();
}
