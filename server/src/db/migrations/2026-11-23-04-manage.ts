import { sql, type Kysely } from 'kysely';
import { msType, withId } from './helpers.js';

const REF_TABLES = ['airports', 'airlines', 'aircraft_types'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // A merged duplicate is kept (status 'merged') so a re-import by external_id finds it and leaves it merged.
  for (const table of REF_TABLES) {
    await db.schema.alterTable(table).addColumn('merged_into', 'integer').execute();
  }

  // Editor's choice votes (PRODUCT.md §3.12): at most one open vote per photo, closed once by a job.
  await withId(db, db.schema.createTable('votes'))
    .addColumn('photo_id', 'integer', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('opened_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('net', 'integer')
    .addColumn('opened_at', msType, (c) => c.notNull())
    .addColumn('closes_at', msType, (c) => c.notNull())
    .addColumn('closed_at', msType)
    .addColumn('cancelled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('votes_open_photo_idx')
    .on('votes')
    .column('photo_id')
    .unique()
    .where(sql.ref('state'), '=', 'open')
    .execute();
  await db.schema.createIndex('votes_state_idx').on('votes').columns(['state', 'closes_at']).execute();
  await db.schema.createIndex('votes_photo_idx').on('votes').columns(['photo_id', 'id']).execute();

  await db.schema
    .createTable('ballots')
    .addColumn('vote_id', 'integer', (c) => c.notNull().references('votes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('cast_at', msType, (c) => c.notNull())
    .addPrimaryKeyConstraint('ballots_pk', ['vote_id', 'user_id'])
    .execute();

  // NOTAMs (§3.14): plain text, shown as text by the web app.
  await withId(db, db.schema.createTable('notams'))
    .addColumn('title', 'varchar(60)', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', msType)
    .addColumn('ends_at', msType)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', msType, (c) => c.notNull())
    .addColumn('updated_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notams_published_idx').on('notams').columns(['published', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notams').execute();
  await db.schema.dropTable('ballots').execute();
  await db.schema.dropTable('votes').execute();
  for (const table of REF_TABLES) {
    await db.schema.alterTable(table).dropColumn('merged_into').execute();
  }
}
