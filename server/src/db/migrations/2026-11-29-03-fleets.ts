import { sql, type Kysely } from 'kysely';

// Fleets (issue 39): each airframe keeps the registration and the operator it has now (its newest accepted
// photo's, or an imported fleet list's for one without photos), so an airline's or a type's fleet is an
// index read. Filled from the photos there are.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('airframes').addColumn('registration', 'varchar(15)').execute();
  await db.schema.alterTable('airframes').addColumn('airline_id', 'integer').execute();
  await db.schema.createIndex('airframes_airline_idx').on('airframes').column('airline_id').execute();
  await db.schema.createIndex('airframes_type_idx').on('airframes').column('aircraft_type_id').execute();
  await db.schema.createIndex('airframes_registration_idx').on('airframes').column('registration').execute();
  await sql`update airframes set
      registration = (select p.registration from photos p where p.airframe_id = airframes.id and p.state = 'accepted'
        order by p.taken_on desc, p.id desc limit 1),
      airline_id = (select p.airline_id from photos p where p.airframe_id = airframes.id and p.state = 'accepted'
        and p.airline_id is not null order by p.taken_on desc, p.id desc limit 1)
    where merged_into is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('airframes_registration_idx').execute();
  await db.schema.dropIndex('airframes_type_idx').execute();
  await db.schema.dropIndex('airframes_airline_idx').execute();
  await db.schema.alterTable('airframes').dropColumn('airline_id').execute();
  await db.schema.alterTable('airframes').dropColumn('registration').execute();
}
