import type { Kysely } from 'kysely';
import { msType, withId } from './helpers.js';

// 我的目击 (issue 39, item 5): a member's sightings, by registration and day. One per member, registration
// and day (the unique key: a second tab's click meets it). The aircraft flying the registration now is
// kept beside it when there is exactly one, so fleets count what a member has seen.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sightings'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('registration', 'varchar(15)', (c) => c.notNull())
    .addColumn('airframe_id', 'integer', (c) => c.references('airframes.id').onDelete('set null'))
    .addColumn('seen_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('airport_id', 'integer')
    .addColumn('note', 'varchar(200)', (c) => c.notNull())
    .addColumn('public', 'integer', (c) => c.notNull())
    .addColumn('created_at', msType, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sightings_user_registration_day_idx')
    .unique()
    .on('sightings')
    .columns(['user_id', 'registration', 'seen_on'])
    .execute();
  // A member's list, newest day first (the public ones for others), and the aircraft they have seen.
  await db.schema.createIndex('sightings_user_day_idx').on('sightings').columns(['user_id', 'seen_on', 'id']).execute();
  await db.schema
    .createIndex('sightings_user_public_day_idx')
    .on('sightings')
    .columns(['user_id', 'public', 'seen_on', 'id'])
    .execute();
  await db.schema.createIndex('sightings_user_airframe_idx').on('sightings').columns(['user_id', 'airframe_id']).execute();
  await db.schema.createIndex('sightings_airframe_idx').on('sightings').column('airframe_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sightings').execute();
}
