import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import { ACCEPTED } from '../../db/accepted.js';

export { ACCEPTED };

export function findAccepted(db: DbOrTrx, id: number) {
  return db.selectFrom('photos').selectAll().where('id', '=', id).where(ACCEPTED).executeTakeFirst();
}

// ---- a photo's relations ----

/**
 * Other photos of the same aircraft (by its airframe, or by the registration while it has none), in
 * the order they were taken or accepted.
 */
export function sameAircraft(
  db: DbOrTrx,
  by: { column: 'airframe_id'; value: number } | { column: 'registration_key'; value: string },
  exceptId: number,
  limit: number,
) {
  const order = by.column === 'airframe_id' ? 'taken_on' : 'decided_at';
  return db
    .selectFrom('photos')
    .selectAll()
    .where(ACCEPTED)
    .where(by.column, '=', by.value)
    .where('id', '!=', exceptId)
    .orderBy(order)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function latestWhere(db: DbOrTrx, column: 'airport_id' | 'uploader_id', value: number, exceptId: number, limit: number) {
  return db
    .selectFrom('photos')
    .selectAll()
    .where(ACCEPTED)
    .where(column, '=', value)
    .where('id', '!=', exceptId)
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

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

export async function memberStats(db: DbOrTrx, userId: number) {
  const row = await db
    .selectFrom('photos')
    .select([
      sql<number>`count(*)`.as('accepted'),
      sql<number>`sum(case when featured_at is not null then 1 else 0 end)`.as('featured'),
      sql<number>`coalesce(sum(views), 0)`.as('views'),
    ])
    .where(ACCEPTED)
    .where('uploader_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { acceptedPhotos: Number(row.accepted ?? 0), featured: Number(row.featured ?? 0), views: Number(row.views ?? 0) };
}

/** Accepted photos for the sitemap, newest first. */
export function sitemapEntries(db: DbOrTrx, limit: number) {
  return db
    .selectFrom('photos')
    .select(['id', 'decided_at'])
    .where(ACCEPTED)
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
