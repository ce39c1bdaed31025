import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';

/** Adds views to many photos: one statement on PostgreSQL, one transaction of kept statements on SQLite. */
export async function addViews(db: Db, dialect: Dialect, counts: [photoId: number, n: number][]): Promise<void> {
  if (counts.length === 0) return;
  if (dialect === 'postgres') {
    // The rows are locked in id order first, the order GalleryIndex locks photos in, so two processes'
    // batches (or a batch and a re-index) wait for each other instead of deadlocking.
    const ids = counts.map((c) => c[0]);
    await sql`with locked as (select id from photos where id = any(${ids}::int[]) order by id for update)
      update photos set views = photos.views + v.n
      from unnest(${ids}::int[], ${counts.map((c) => c[1])}::int[]) as v(id, n)
      where photos.id = v.id and photos.id in (select id from locked)`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    for (const [id, n] of counts) {
      await trx
        .updateTable('photos')
        .set({ views: sql<number>`views + ${n}` })
        .where('id', '=', id)
        .execute();
    }
  });
}
