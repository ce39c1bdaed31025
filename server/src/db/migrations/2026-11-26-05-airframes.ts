import { sql, type Kysely } from 'kysely';
import { msType, withId } from './helpers.js';

// Airframes (issue 22): one aircraft across its registrations, operators and liveries. A photo names
// its airframe (`airframe_id`, set when it is accepted) and the livery it wears (`livery_id`). Photos
// accepted before this release are linked by the claimed job `airframe-link`, which walks them in
// the order they were taken, first those with an MSN (they say which aircraft they are), then the
// others (`airframe_link` keeps the phase and how far it got); the ones it cannot place stay without
// an airframe and are listed for screeners.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('airframes'))
    .addColumn('aircraft_type_id', 'integer')
    .addColumn('msn', 'varchar(30)')
    /** The MSN as compared: upper case, no spaces. */
    .addColumn('msn_key', 'varchar(30)')
    .addColumn('line_number', 'varchar(20)')
    .addColumn('built_year', 'integer')
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('active'))
    /** The airframe this one was merged into: links to the merged one lead there. */
    .addColumn('merged_into', 'integer')
    .addColumn('created_at', msType, (c) => c.notNull())
    .addColumn('updated_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('airframes_msn_idx').on('airframes').column('msn_key').execute();

  await withId(db, db.schema.createTable('liveries'))
    .addColumn('airline_id', 'integer')
    .addColumn('name_zh', 'varchar(30)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(60)')
    .addColumn('search_text', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('liveries_airline_idx').on('liveries').column('airline_id').execute();
  // One livery of a name per operator (or without one): two screeners adding it at once make one.
  await sql`create unique index liveries_name_idx on liveries (coalesce(airline_id, 0), name_zh)`.execute(db);

  await db.schema.alterTable('photos').addColumn('airframe_id', 'integer').execute();
  await db.schema.alterTable('photos').addColumn('livery_id', 'integer').execute();
  // An airframe's photos in the order they were taken; a livery's newest first (both accepted only).
  await db.schema
    .createIndex('photos_airframe_idx')
    .on('photos')
    .columns(['airframe_id', 'taken_on', 'id'])
    .where(sql<boolean>`state = 'accepted'`)
    .execute();
  await db.schema
    .createIndex('photos_livery_idx')
    .on('photos')
    .columns(['livery_id', 'decided_at', 'id'])
    .where(sql<boolean>`state = 'accepted'`)
    .execute();

  await db.schema
    .createTable('airframe_link')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('after_taken_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('after_id', 'integer', (c) => c.notNull())
    /** 0: photos with an MSN, 1: photos without, 2: done. */
    .addColumn('phase', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('airframe_link').values({ id: 1, after_taken_on: '', after_id: 0, phase: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('airframe_link').execute();
  await db.schema.dropIndex('photos_livery_idx').execute();
  await db.schema.dropIndex('photos_airframe_idx').execute();
  await db.schema.alterTable('photos').dropColumn('livery_id').execute();
  await db.schema.alterTable('photos').dropColumn('airframe_id').execute();
  await db.schema.dropTable('liveries').execute();
  await db.schema.dropTable('airframes').execute();
}
