import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';

/** Adds views to many photos: one statement on PostgreSQL, one transaction of kept statements on SQLite. */
export async function addViews(db: Db, dialect: Dialect, counts: [photoId: number, n: number][]): Promise<void> {
  if (counts.length === 0) return;
  if (dialect === 'postgres') {
    await sql`update photos set views = photos.views + v.n
      from unnest(${counts.map((c) => c[0])}::int[], ${counts.map((c) => c[1])}::int[]) as v(id, n)
      where photos.id = v.id`.execute(db);
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
