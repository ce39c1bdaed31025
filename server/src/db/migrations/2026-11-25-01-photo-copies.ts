import type { Kysely } from 'kysely';

// Exact copies (issue 19, item 3): an upload's SHA-256 is looked up among the member's photos and
// among accepted ones.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('photos_sha256_idx').on('photos').column('sha256').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('photos_sha256_idx').execute();
}
