import { sql, type Kysely } from 'kysely';

// Search at a million (issue 37): the featured photos, a hundredth of the gallery, were paged by views,
// likes or date taken along the sort's index of every photo, each passed photo's row read (4,000 rows,
// 14–19 ms a page at 1M). One small index per sort over the featured photos only walks them in order.
const SORTS = [
  ['photos_featured_accepted_idx', 'decided_at'],
  ['photos_featured_taken_idx', 'taken_on'],
  ['photos_featured_views_idx', 'views'],
  ['photos_featured_likes_idx', 'likes'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of SORTS) {
    await db.schema
      .createIndex(name)
      .on('photos')
      .columns([column, 'id'])
      .where(sql<boolean>`state = 'accepted' and featured_at is not null`)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of SORTS) await db.schema.dropIndex(name).execute();
}
