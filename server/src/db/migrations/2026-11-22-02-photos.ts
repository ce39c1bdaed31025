import type { Kysely } from 'kysely';
import { msType, withId } from './helpers.js';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('airports'))
    .addColumn('icao', 'varchar(4)')
    .addColumn('iata', 'varchar(3)')
    .addColumn('name_zh', 'varchar(100)')
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('city', 'varchar(100)')
    .addColumn('country', 'varchar(100)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('available'))
    .addColumn('suggested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('external_id', 'varchar(64)', (c) => c.unique())
    .addColumn('edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('airports_icao_idx').on('airports').column('icao').execute();
  await db.schema.createIndex('airports_iata_idx').on('airports').column('iata').execute();
  await db.schema.createIndex('airports_status_idx').on('airports').columns(['status', 'suggested_by']).execute();

  await withId(db, db.schema.createTable('airlines'))
    .addColumn('icao', 'varchar(3)')
    .addColumn('iata', 'varchar(2)')
    .addColumn('name_zh', 'varchar(100)')
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('country', 'varchar(100)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('available'))
    .addColumn('suggested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('external_id', 'varchar(64)', (c) => c.unique())
    .addColumn('edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('airlines_icao_idx').on('airlines').column('icao').execute();
  await db.schema.createIndex('airlines_iata_idx').on('airlines').column('iata').execute();
  await db.schema.createIndex('airlines_status_idx').on('airlines').columns(['status', 'suggested_by']).execute();

  await withId(db, db.schema.createTable('aircraft_types'))
    .addColumn('manufacturer_zh', 'varchar(60)')
    .addColumn('manufacturer_en', 'varchar(60)', (c) => c.notNull())
    .addColumn('type_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('variant', 'varchar(60)')
    .addColumn('icao', 'varchar(4)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('available'))
    .addColumn('suggested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('external_id', 'varchar(64)', (c) => c.unique())
    .addColumn('edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('aircraft_types_icao_idx').on('aircraft_types').column('icao').execute();
  await db.schema.createIndex('aircraft_types_status_idx').on('aircraft_types').columns(['status', 'suggested_by']).execute();

  await withId(db, db.schema.createTable('photos'))
    .addColumn('uploader_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('queue', 'varchar(16)', (c) => c.notNull())
    .addColumn('registration', 'varchar(20)', (c) => c.notNull())
    .addColumn('registration_key', 'varchar(20)', (c) => c.notNull())
    .addColumn('msn', 'varchar(30)')
    .addColumn('aircraft_type_id', 'integer', (c) => c.references('aircraft_types.id'))
    .addColumn('airline_id', 'integer', (c) => c.references('airlines.id'))
    .addColumn('airport_id', 'integer', (c) => c.references('airports.id'))
    .addColumn('in_flight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('taken_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('remark', 'varchar(400)')
    .addColumn('message_to_screener', 'varchar(400)')
    .addColumn('watermark', 'text')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('phash', 'varchar(16)', (c) => c.notNull())
    .addColumn('thumbhash', 'varchar(64)', (c) => c.notNull())
    .addColumn('exif', 'text', (c) => c.notNull())
    .addColumn('checks', 'text', (c) => c.notNull())
    .addColumn('original_key', 'varchar(200)')
    .addColumn('rendition_hash', 'varchar(32)')
    .addColumn('renditions', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('featured_at', msType)
    .addColumn('created_at', msType, (c) => c.notNull())
    .addColumn('updated_at', msType, (c) => c.notNull())
    .addColumn('decided_at', msType)
    .execute();
  await db.schema.createIndex('photos_uploader_state_idx').on('photos').columns(['uploader_id', 'state', 'queue']).execute();
  await db.schema.createIndex('photos_state_queue_idx').on('photos').columns(['state', 'queue', 'created_at']).execute();
  await db.schema.createIndex('photos_registration_idx').on('photos').columns(['registration_key', 'state']).execute();
  await db.schema.createIndex('photos_decided_idx').on('photos').columns(['state', 'decided_at']).execute();

  await withId(db, db.schema.createTable('screening_events'))
    .addColumn('photo_id', 'integer', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('from_state', 'varchar(16)')
    .addColumn('to_state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('message', 'varchar(400)')
    .addColumn('created_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('screening_events_photo_idx').on('screening_events').columns(['photo_id', 'created_at']).execute();
  await db.schema.createIndex('screening_events_time_idx').on('screening_events').columns(['to_state', 'created_at']).execute();

  // Files being written for an upload whose row is not committed yet: a crash leaves the intent
  // behind, and the sweep deletes its files once the lease has run out.
  await withId(db, db.schema.createTable('upload_intents'))
    .addColumn('keys', 'text', (c) => c.notNull())
    .addColumn('lease_until', msType, (c) => c.notNull())
    .addColumn('created_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_intents_lease_idx').on('upload_intents').column('lease_until').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['upload_intents', 'screening_events', 'photos', 'aircraft_types', 'airlines', 'airports']) {
    await db.schema.dropTable(t).execute();
  }
}
