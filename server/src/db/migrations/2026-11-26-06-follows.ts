import { sql, type Kysely } from 'kysely';
import { msType, withId } from './helpers.js';

// Follows (issue 23): a member follows a photographer, a registration, an airframe, an airline, an
// airport, a type or a saved search. An accepted photo queues one `follow_fanouts` row in the decision's
// transaction; the claimed job `follow-fanout` walks the followers in batches (phase 0: the follows named
// by the photo's facts, by member; phase 1: saved searches, by follow id) and gives each member one
// notification per photo — the partial unique index below makes a second one impossible, whoever runs.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('follows'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('target', 'varchar(400)', (c) => c.notNull())
    .addColumn('label', 'varchar(80)', (c) => c.notNull())
    .addColumn('mail', 'varchar(8)', (c) => c.notNull().defaultTo('off'))
    .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('follows_member_idx').on('follows').columns(['user_id', 'kind', 'target']).unique().execute();
  // A photo's followers: by what they follow, then by member (the fan-out's batches).
  await db.schema.createIndex('follows_target_idx').on('follows').columns(['kind', 'target', 'user_id']).execute();

  await db.schema
    .createTable('follow_fanouts')
    .addColumn('photo_id', 'integer', (c) => c.primaryKey())
    .addColumn('queued_at', msType, (c) => c.notNull())
    /** 0: follows of the photo's facts, after member `after_id`; 1: saved searches, after follow `after_id`. */
    .addColumn('phase', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('after_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('follow_digests')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('last_sent_at', msType, (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('notifications_followed_idx')
    .on('notifications')
    .columns(['user_id', 'photo_id'])
    .unique()
    .where(sql<boolean>`kind = 'followed'`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_followed_idx').execute();
  await db.schema.dropTable('follow_digests').execute();
  await db.schema.dropTable('follow_fanouts').execute();
  await db.schema.dropTable('follows').execute();
}
