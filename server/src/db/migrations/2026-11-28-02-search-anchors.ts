import type { Kysely } from 'kysely';

// Search at a million (issue 37): an accepted photo's saved searches were every saved search on the
// site, each run as a gallery query. Each now keeps an anchor, a key every photo it finds carries
// (modules/follows/search-anchor.ts), and the fan-out asks only those anchored on the photo's keys.
// Saved searches stored before are anchored by the fan-out itself, a batch per step (null is asked
// for every photo meanwhile, as before).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('follows').addColumn('anchor', 'varchar(120)').execute();
  await db.schema.createIndex('follows_search_anchor_idx').on('follows').columns(['kind', 'anchor', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('follows_search_anchor_idx').execute();
  await db.schema.alterTable('follows').dropColumn('anchor').execute();
}
