import type { Kysely } from 'kysely';
import { msType, withId } from './helpers.js';

export async function up(db: Kysely<any>): Promise<void> {
  // One row per photo being screened; a lock whose expires_at has passed may be taken over.
  await db.schema
    .createTable('screening_locks')
    .addColumn('photo_id', 'integer', (c) => c.primaryKey().references('photos.id').onDelete('cascade'))
    .addColumn('holder_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('taken_at', msType, (c) => c.notNull())
    .addColumn('expires_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('screening_locks_holder_idx').on('screening_locks').columns(['holder_id', 'expires_at']).execute();

  await db.schema
    .alterTable('screening_events')
    .addColumn('facts', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('screening_events_actor_idx').on('screening_events').columns(['actor_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('appeals'))
    .addColumn('photo_id', 'integer', (c) => c.notNull().unique().references('photos.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('note', 'varchar(400)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('rejected_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', msType, (c) => c.notNull())
    .addColumn('decided_at', msType)
    .execute();
  await db.schema.createIndex('appeals_user_state_idx').on('appeals').columns(['user_id', 'state']).execute();

  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('photo_id', 'integer', (c) => c.references('photos.id').onDelete('set null'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', msType, (c) => c.notNull())
    .addColumn('read_at', msType)
    // Null until the digest job has mailed it (or skipped it for a member with mails off).
    .addColumn('mailed_at', msType)
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_unmailed_idx').on('notifications').columns(['mailed_at', 'user_id']).execute();

  // When each member's last screening digest went out: at most one every 30 minutes.
  await db.schema
    .createTable('notification_digests')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_sent_at', msType, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['notification_digests', 'notifications', 'appeals', 'screening_locks']) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.dropIndex('screening_events_actor_idx').execute();
  await db.schema.alterTable('screening_events').dropColumn('facts').execute();
}
