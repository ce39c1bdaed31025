import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// Search at a million (issue 37): the look-alike check found its candidates through the bands' indexes
// (migration 2026-11-28-01), then read each candidate's row for its hash and state: about 68 × N / 65,536
// random rows, 4.9 ms at a million photos in a 2 GB file. Each band's index now covers the accepted
// photos only and carries the whole hash, so the check reads index entries and never a photo's row
// (the uploader's own photos in review are asked for by `photos_uploader_state_idx`).
//
// PostgreSQL keeps the id in the index too; on SQLite the id is the row id, in every index already.
const band = (k: number) => sql`substr(phash, ${sql.lit(k * 4 + 1)}, 4)`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const k of [0, 1, 2, 3]) {
    const columns = isPostgres(db) ? sql`${band(k)}, phash, id` : sql`${band(k)}, phash`;
    await sql`create index ${sql.id(`photos_accepted_band${k}_idx`)} on photos (${columns}) where state = 'accepted'`.execute(db);
    await db.schema.dropIndex(`photos_phash_band${k}_idx`).ifExists().execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const k of [0, 1, 2, 3]) {
    await db.schema.createIndex(`photos_phash_band${k}_idx`).on('photos').column(band(k)).execute();
    await db.schema.dropIndex(`photos_accepted_band${k}_idx`).ifExists().execute();
  }
}
