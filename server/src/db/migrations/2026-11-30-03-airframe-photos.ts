import { sql, type Kysely } from 'kysely';

// Fleets (issue 39): each airframe keeps how many accepted photos it has and the first and last day taken,
// beside its 首张, registration and operator (set in the same place), so a fleet page of a thousand aircraft
// is one read of airframes instead of a join over their photos. Filled from the photos there are.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('airframes')
    .addColumn('photo_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('airframes').addColumn('first_taken_on', 'varchar(10)').execute();
  await db.schema.alterTable('airframes').addColumn('last_taken_on', 'varchar(10)').execute();
  await sql`update airframes set
      photo_count = (select count(*) from photos p where p.airframe_id = airframes.id and p.state = 'accepted'),
      first_taken_on = (select min(p.taken_on) from photos p where p.airframe_id = airframes.id and p.state = 'accepted'),
      last_taken_on = (select max(p.taken_on) from photos p where p.airframe_id = airframes.id and p.state = 'accepted')
    where merged_into is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('airframes').dropColumn('last_taken_on').execute();
  await db.schema.alterTable('airframes').dropColumn('first_taken_on').execute();
  await db.schema.alterTable('airframes').dropColumn('photo_count').execute();
}
