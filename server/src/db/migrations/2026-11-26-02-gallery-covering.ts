import { sql, type Kysely } from 'kysely';

// Speed (issue 20): the gallery's filtered pages and counts read indexes only. A photo row is wide
// (EXIF, checks, renditions as JSON), and sorting a popular airline's 8,000 photos by views read every
// one of those rows (40 ms on SQLite at 100k photos); a pair of filters (airline + airport) checked the
// second one row by row. Each filter gets an index carrying every other filter column and every sort
// column, and one index keyed by id carries them for the category and free-text filters (which find
// ids elsewhere): the page query picks its 41 ids from an index and reads only those rows.
//
// Only added, as docs/deploy.md promises of migrations: processes of the previous release keep running
// during a rolling restart, and dropping an index would lock the photos table under them. The narrower
// indexes these supersede (photos_gallery_{type,airline,airport,uploader}_idx) are dropped by a later
// release's migration, once no process of this one's predecessor runs.
const ACCEPTED = sql<boolean>`state = 'accepted'`;
const REST = ['aircraft_type_id', 'airline_id', 'airport_id', 'uploader_id', 'views', 'likes', 'taken_on', 'featured_at'];
const FILTERS = [
  ['photos_gallery_type_cover_idx', 'aircraft_type_id'],
  ['photos_gallery_airline_cover_idx', 'airline_id'],
  ['photos_gallery_airport_cover_idx', 'airport_id'],
  ['photos_gallery_uploader_cover_idx', 'uploader_id'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of FILTERS) {
    await db.schema
      .createIndex(name)
      .on('photos')
      .columns([column, 'decided_at', 'id', ...REST.filter((c) => c !== column)])
      .where(ACCEPTED)
      .execute();
  }
  await db.schema
    .createIndex('photos_gallery_id_idx')
    .on('photos')
    .columns(['id', 'decided_at', ...REST])
    .where(ACCEPTED)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('photos_gallery_id_idx').execute();
  for (const [name] of FILTERS) await db.schema.dropIndex(name).execute();
}
