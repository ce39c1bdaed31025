import { sql, type Kysely } from 'kysely';

// Search at a million (issue 37): a walk along a sort's index read each passed photo's wide row to check
// the filters beside it (a date range, an airline, the words' probe): about 2 µs a photo on SQLite, and a
// date range of a few weeks beside the order of acceptance passes thousands. Each sort gets an index that
// carries every filter column, so the walk reads index entries only. Views and likes are left out of the
// others' (only their own index moves when a photo is viewed or liked).
//
// Only added, as docs/deploy.md promises: the narrower (sort, id) indexes these supersede are dropped by a
// later release's migration, once no process of this one's predecessor runs.
const ACCEPTED = sql<boolean>`state = 'accepted'`;
const FILTERS = ['aircraft_type_id', 'airline_id', 'airport_id', 'uploader_id', 'taken_on', 'featured_at'];
const SORTS = [
  ['photos_gallery_accepted_cover_idx', 'decided_at'],
  ['photos_gallery_taken_cover_idx', 'taken_on'],
  ['photos_gallery_views_cover_idx', 'views'],
  ['photos_gallery_likes_cover_idx', 'likes'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of SORTS) {
    await db.schema
      .createIndex(name)
      .on('photos')
      .columns([column, 'id', ...FILTERS.filter((c) => c !== column)])
      .where(ACCEPTED)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of SORTS) await db.schema.dropIndex(name).execute();
}
