import { sql, type Kysely } from 'kysely';

// Search at a million (issue 37): the narrower gallery indexes the covering ones superseded (migrations
// 2026-11-26-02 and 2026-12-02-02) are dropped, in the release after the one that stopped naming them, as
// docs/deploy.md promises. Each is the head of a covering index, so every query they served reads that one.
// They cost on every write and every plan: a view or a like on PostgreSQL writes a new entry in each index
// of the photos table (an indexed column moved, so the row is copied), and PostgreSQL weighs each index of a
// table when it plans a statement on it (a key lookup's plan cost 0.26 ms with them at 1M photos, 0.06
// without).
const ACCEPTED = sql<boolean>`state = 'accepted'`;
const NARROW = [
  ['photos_gallery_accepted_idx', ['decided_at', 'id']],
  ['photos_gallery_taken_idx', ['taken_on', 'id']],
  ['photos_gallery_views_idx', ['views', 'id']],
  ['photos_gallery_likes_idx', ['likes', 'id']],
  ['photos_gallery_type_idx', ['aircraft_type_id', 'decided_at', 'id']],
  ['photos_gallery_airline_idx', ['airline_id', 'decided_at', 'id']],
  ['photos_gallery_airport_idx', ['airport_id', 'decided_at', 'id']],
  ['photos_gallery_uploader_idx', ['uploader_id', 'decided_at', 'id']],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name] of NARROW) await db.schema.dropIndex(name).ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of NARROW) {
    await db.schema
      .createIndex(name)
      .on('photos')
      .columns([...columns])
      .where(ACCEPTED)
      .execute();
  }
}
