import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import { ACCEPTED } from '../../db/accepted.js';
import { CARD_COLUMNS } from '../../db/schema.js';

// ---- home statistics ----

export async function siteCounts(db: DbOrTrx) {
  const row = await db
    .selectFrom('photos')
    .select([
      sql<number>`sum(case when state = 'accepted' then 1 else 0 end)`.as('accepted'),
      sql<number>`sum(case when state in ('pending', 'escalated', 'appealed') then 1 else 0 end)`.as('waiting'),
      sql<number>`count(distinct case when state = 'accepted' then uploader_id end)`.as('photographers'),
      sql<number>`count(distinct case when state = 'accepted' then airport_id end)`.as('airports'),
    ])
    .executeTakeFirstOrThrow();
  return {
    acceptedPhotos: Number(row.accepted ?? 0),
    waitingPhotos: Number(row.waiting ?? 0),
    photographers: Number(row.photographers ?? 0),
    airports: Number(row.airports ?? 0),
  };
}

// ---- a member's page ----

/** How many of the member's sightings are public (我的目击): whether their page shows a list to others. */
export async function publicSightings(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sightings')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('public', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of the member's collections are public (收藏). */
export async function publicCollections(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('collections')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('public', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function memberStats(db: DbOrTrx, userId: number) {
  const row = await db
    .selectFrom('photos')
    .select([
      sql<number>`count(*)`.as('accepted'),
      sql<number>`sum(case when featured_at is not null then 1 else 0 end)`.as('featured'),
      sql<number>`coalesce(sum(views), 0)`.as('views'),
      sql<number>`coalesce(sum(likes), 0)`.as('likes'),
    ])
    .where(ACCEPTED)
    .where('uploader_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    acceptedPhotos: Number(row.accepted ?? 0),
    featured: Number(row.featured ?? 0),
    views: Number(row.views ?? 0),
    likes: Number(row.likes ?? 0),
  };
}

/** A day's most viewed photos still in the gallery, most first (今日热门): an index read of the day. */
export async function mostViewed(db: DbOrTrx, day: string, limit: number) {
  const top = await db
    .selectFrom('photo_views_daily')
    .innerJoin('photos', 'photos.id', 'photo_views_daily.photo_id')
    .select(['photo_views_daily.photo_id'])
    .where('photo_views_daily.day', '=', day)
    .where(ACCEPTED)
    .orderBy('photo_views_daily.views', 'desc')
    .orderBy('photo_views_daily.photo_id', 'desc')
    .limit(limit)
    .execute();
  return top.map((r) => r.photo_id);
}

export function cardRows(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('photos').select(CARD_COLUMNS).where('id', 'in', ids).execute();
}
