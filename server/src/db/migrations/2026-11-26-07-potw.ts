import type { Kysely } from 'kysely';
import { msType } from './helpers.js';

// Photo of the week (issue 23, item 3). The week is the key (one photo a week) and the photo is unique
// (a photo is picked once): two senior screeners picking at once meet the constraint, not a race.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('photos_of_week')
    .addColumn('week', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('photo_id', 'integer', (c) => c.notNull().unique().references('photos.id').onDelete('cascade'))
    .addColumn('comment', 'varchar(300)', (c) => c.notNull())
    .addColumn('picked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('picked_at', msType, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photos_of_week').execute();
}
