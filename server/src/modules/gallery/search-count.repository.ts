// The gallery's totals: kept counts for a single filter, otherwise counted up to a cap.
import { sql } from 'kysely';
import type { DbOrTrx, Dialect } from '../../db/database.js';
import { countOf } from './gallery-counts.repository.js';
import { entriesUnion, isEntriesDriver } from './search-entries.repository.js';
import { activeFilters, categoryPlanOf, filtered, hintOf, type GalleryFilter, type PagePlan } from './search.repository.js';
import { textMatches } from './text-match.repository.js';

/** Whether the gallery keeps the filter's count: `countCapped` gives it exactly, however large. */
export const hasKeptCount = (f: GalleryFilter) => countedFilter(f) !== null;

/** The gallery's counter for a filter of at most one kept fact (gallery-counts.repository.ts), if it has one. */
export function countedFilter(f: GalleryFilter): [kind: string, key: string] | null {
  const keys = activeFilters(f);
  if (keys.length === 0) return ['all', ''];
  if (keys.length > 1) return null;
  switch (keys[0]) {
    case 'airlineId':
      return ['airline', String(f.airlineId)];
    case 'airportId':
      return ['airport', String(f.airportId)];
    case 'typeId':
      return ['type', String(f.typeId)];
    case 'uploaderId':
      return ['user', String(f.uploaderId)];
    case 'category':
      return ['category', f.category!];
    case 'featured':
      return ['featured', ''];
    default:
      return null;
  }
}

/**
 * How many accepted photos match: exactly where the gallery keeps the count (no filter, or one airline,
 * airport, type, photographer, category or the featured: `hasKeptCount`), otherwise counted up to
 * `cap + 1` so the count stays cheap. Free text alone is counted in its own table, which holds accepted
 * photos only (GalleryIndex keeps it so), without visiting a photo: `boeing` matches tens of thousands.
 */
export async function countCapped(
  db: DbOrTrx,
  dialect: Dialect,
  f: GalleryFilter,
  cap: number,
  plan: PagePlan = {},
): Promise<number> {
  const { probeCategory = false, probeText = false } = plan;
  const keys = activeFilters(f);
  const counted = countedFilter(f);
  if (counted) return countOf(db, ...counted);
  // A word alone is counted in the full-text index, except through its entries on PostgreSQL: GIN lists
  // every match of a word before it gives the first (中国货运 30 ms, its entries 3).
  if (keys.length === 1 && keys[0] === 'tokens' && !(isEntriesDriver(plan.driver) && dialect === 'postgres'))
    return textMatches(db, dialect, f.tokens!, cap + 1);
  if (isEntriesDriver(plan.driver)) {
    // Each read up to the cap: if one reaches it, so does their union; else each is whole.
    const merged = entriesUnion(db, dialect, f, plan.driver, probeCategory, (q) => q.select('photos.id').limit(cap + 1));
    const row = await db
      .selectFrom(
        db
          .selectFrom(merged.as('u'))
          .select('u.id')
          .limit(cap + 1)
          .as('matches'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  if (keys.length === 1 && keys[0] === 'category') {
    const matches = sql`select 1 from photo_categories where category = ${f.category!} limit ${cap + 1}`;
    const { rows } = await sql<{ n: number }>`select count(*) as n from (${matches}) as matches`.execute(db);
    return Number(rows[0]!.n);
  }
  const row = await db
    .selectFrom(
      filtered(
        db,
        dialect,
        f,
        categoryPlanOf(dialect, plan, 'probe'),
        plan.driver && plan.driver !== 'sort' ? hintOf(dialect, f, 'accepted', plan) : undefined,
        probeText,
      )
        .select(sql<number>`1`.as('one'))
        .limit(cap + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
