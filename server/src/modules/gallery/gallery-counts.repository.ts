import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import { fromJson } from '../../db/json.js';
import type { GalleryCountedTable } from '../../db/schema.js';

// How many accepted photos each single filter finds (migration 2026-11-28-03), moved by GalleryIndex
// as it indexes a photo, under the photo's row lock.

/** A photo's facts as counted: what `gallery_counted` holds for it. */
export type CountedFacts = Omit<GalleryCountedTable, 'photo_id'>;

/** The counters a photo with these facts adds one to. */
export function countKeys(f: CountedFacts): string[] {
  const keys = ['all:'];
  if (f.featured) keys.push('featured:');
  if (f.airline_id !== null) keys.push(`airline:${f.airline_id}`);
  if (f.airport_id !== null) keys.push(`airport:${f.airport_id}`);
  if (f.aircraft_type_id !== null) keys.push(`type:${f.aircraft_type_id}`);
  keys.push(`user:${f.uploader_id}`);
  for (const c of new Set(fromJson(f.categories))) keys.push(`category:${c}`);
  return keys;
}

export const countedFacts = (db: DbOrTrx, photoId: number) =>
  db.selectFrom('gallery_counted').selectAll().where('photo_id', '=', photoId).executeTakeFirst();

/** Moves the counts of one photo from what it was counted under (`was`) to its facts now (`now`; null: out). */
export async function moveCounts(db: DbOrTrx, photoId: number, was: CountedFacts | undefined, now: CountedFacts | null) {
  if (was && now && (Object.keys(now) as (keyof CountedFacts)[]).every((k) => now[k] === was[k])) return;
  const before = new Set(was ? countKeys(was) : []);
  const after = new Set(now ? countKeys(now) : []);
  const steps = [
    ...[...before].filter((k) => !after.has(k)).map((k) => [k, -1] as const),
    ...[...after].filter((k) => !before.has(k)).map((k) => [k, 1] as const),
  ];
  for (const [k, by] of steps) {
    const at = k.indexOf(':');
    await sql`insert into gallery_counts (kind, key, n) values (${k.slice(0, at)}, ${k.slice(at + 1)}, ${by})
      on conflict (kind, key) do update set n = gallery_counts.n + ${by}`.execute(db);
  }
  if (!now) await db.deleteFrom('gallery_counted').where('photo_id', '=', photoId).execute();
  else if (was) await db.updateTable('gallery_counted').set(now).where('photo_id', '=', photoId).execute();
  else
    await db
      .insertInto('gallery_counted')
      .values({ photo_id: photoId, ...now })
      .execute();
}

/** How many accepted photos one filter finds (0 where none was ever counted). */
export async function countOf(db: DbOrTrx, kind: string, key: string): Promise<number> {
  const row = await db
    .selectFrom('gallery_counts')
    .select('n')
    .where('kind', '=', kind)
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
