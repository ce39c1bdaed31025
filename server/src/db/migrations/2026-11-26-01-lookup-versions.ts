import type { Kysely } from 'kysely';

// Speed (issue 20): reference summaries and usernames are presented from a copy each process keeps;
// a change moves the lookup's version on, and every process drops its copy (db/versioned-lookup.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lookup_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('lookup_versions')
    .values([
      { name: 'reference', version: 1 },
      { name: 'usernames', version: 1 },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lookup_versions').execute();
}
