import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';

/**
 * Adds views to many photos, to their totals and to `day`'s counts, in one transaction: one statement each
 * on PostgreSQL, kept statements on SQLite.
 */
export async function addViews(db: Db, dialect: Dialect, counts: [photoId: number, n: number][], day: string): Promise<void> {
  if (counts.length === 0) return;
  if (dialect === 'postgres') {
    const ids = counts.map((c) => c[0]);
    const ns = counts.map((c) => c[1]);
    await db.transaction().execute(async (trx) => {
      // The rows are locked in id order first, the order GalleryIndex locks photos in, so two processes'
      // batches (or a batch and a re-index) wait for each other instead of deadlocking.
      await sql`with locked as (select id from photos where id = any(${ids}::int[]) order by id for update)
        update photos set views = photos.views + v.n
        from unnest(${ids}::int[], ${ns}::int[]) as v(id, n)
        where photos.id = v.id and photos.id in (select id from locked)`.execute(trx);
      await sql`insert into photo_views_daily (day, photo_id, views)
        select ${day}, v.id, v.n from unnest(${ids}::int[], ${ns}::int[]) as v(id, n)
        where exists (select 1 from photos where photos.id = v.id)
        on conflict (day, photo_id) do update set views = photo_views_daily.views + excluded.views`.execute(trx);
    });
    return;
  }
  await db.transaction().execute(async (trx) => {
    for (const [id, n] of counts) {
      const res = await trx
        .updateTable('photos')
        .set({ views: sql<number>`views + ${n}` })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) continue;
      await trx
        .insertInto('photo_views_daily')
        .values({ day, photo_id: id, views: n })
        .onConflict((oc) => oc.columns(['day', 'photo_id']).doUpdateSet({ views: sql<number>`photo_views_daily.views + ${n}` }))
        .execute();
    }
  });
}
