import type { Kysely } from 'kysely';

// IP属地 (issue 38): the region of a member's latest login and of each upload; never the address.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('ip_region', 'varchar(40)').execute();
  await db.schema.alterTable('photos').addColumn('ip_region', 'varchar(40)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('photos').dropColumn('ip_region').execute();
  await db.schema.alterTable('users').dropColumn('ip_region').execute();
}
