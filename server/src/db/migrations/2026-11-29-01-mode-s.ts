import type { Kysely } from 'kysely';

// Mode S addresses (issue 39): an airframe's, kept by screeners or learnt from its photos, and the one a
// member suggests with a photo (as with the MSN). Six lower-case hex digits; an N-number's follows from it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('airframes').addColumn('mode_s', 'varchar(6)').execute();
  await db.schema.alterTable('photos').addColumn('mode_s', 'varchar(6)').execute();
  await db.schema.createIndex('airframes_mode_s_idx').on('airframes').column('mode_s').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('airframes_mode_s_idx').execute();
  await db.schema.alterTable('photos').dropColumn('mode_s').execute();
  await db.schema.alterTable('airframes').dropColumn('mode_s').execute();
}
