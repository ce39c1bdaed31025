import { sql, type Kysely } from 'kysely';

// 首张 (issue 39): each airframe's first accepted photo (the first decided), kept on the airframe and
// found from the photo by its index, filled for the photos there are; and the waiting photos that would
// be the first of their aircraft, screened first (their own small index per queue).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('airframes').addColumn('first_photo_id', 'integer').execute();
  await db.schema
    .alterTable('photos')
    .addColumn('first_candidate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('photos_first_candidates_idx')
    .on('photos')
    .columns(['state', 'queue', 'created_at', 'id'])
    .where(sql<boolean>`first_candidate = 1`)
    .execute();
  await db.schema.createIndex('airframes_first_photo_idx').on('airframes').column('first_photo_id').execute();
  await sql`update airframes set first_photo_id = (
      select p.id from photos p where p.airframe_id = airframes.id and p.state = 'accepted'
      order by p.decided_at, p.id limit 1)
    where merged_into is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('photos_first_candidates_idx').execute();
  await db.schema.alterTable('photos').dropColumn('first_candidate').execute();
  await db.schema.dropIndex('airframes_first_photo_idx').execute();
  await db.schema.alterTable('airframes').dropColumn('first_photo_id').execute();
}
