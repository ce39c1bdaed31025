import { sql } from 'kysely';
import type { GallerySort } from '../../../../contract/gallery.js';
import type { DbOrTrx, Dialect } from '../../db/database.js';
import { categoryProbes, countedFilter, type GalleryFilter, type PagePlan } from './search.repository.js';
import { PROBED_TEXT_SIZE, textMatches } from './text-match.repository.js';

// How a gallery search is run (issue 37): which filters are gathered first and which are probed photo
// by photo, and whether a page walks its sort's own index. Decided per search from the counts the
// gallery keeps (gallery-counts.repository.ts) and the free text's matches, so a large filter costs
// what a small one does: a page of 41 photos is read, not every photo of the filter sorted. On SQLite
// the cheaper of two ways is taken, by a cost model measured at 1M photos: gather the smallest filter
// and sort what it finds, or walk the sort's index and check every filter on each photo passed.

/**
 * What steps cost, in ms, on SQLite at 1M photos with the server's page cache: reading an entry of a
 * filter's own covering index (airline, airport, type, photographer: every other filter and sort column
 * is in it) or a photo's row (a walk along a sort's index reads the row of each photo it passes; so
 * does gathering a category's or a word's matches), and checking a photo's category or words by key.
 */
const COVERED_ENTRY_MS = 0.00004;
const ROW_MS = 0.001;
const CATEGORY_PROBE_MS = 0.0003;
const TEXT_PROBE_MS = 0.0035;
/** How far common words are counted when other filters stand beside them (~7 ms for a word in 10 % of 1M photos). */
const TEXT_COUNTED_UP_TO = 100_000;
/** Filters with a covering index of their own, in the order of acceptance (the default sort walks it already). */
const COVERED = new Set<keyof GalleryFilter>(['airlineId', 'airportId', 'typeId', 'uploaderId']);
/** Filters that find a handful of photos: never walked past. */
const NARROW = new Set<keyof GalleryFilter>(['registrationKey', 'airframeId', 'liveryId', 'msnKey']);
export interface SearchPlan extends Required<PagePlan> {
  /** The count probes its category rather than gathering it. */
  countProbesCategory: boolean;
}

export async function planSearch(db: DbOrTrx, dialect: Dialect, f: GalleryFilter, sort: GallerySort): Promise<SearchPlan> {
  const [probes, textSize] = await Promise.all([
    categoryProbes(db, f),
    f.tokens?.length ? textMatches(db, dialect, f.tokens, PROBED_TEXT_SIZE) : Promise.resolve(null),
  ]);
  const probeText = textSize !== null && textSize >= PROBED_TEXT_SIZE;
  const plan = { probeCategory: probes.page, countProbesCategory: probes.count, probeText, walkSort: false };
  // PostgreSQL's planner weighs the same with its statistics; SQLite's takes any equality for a rare value.
  if (dialect !== 'sqlite') return plan;
  const active = (Object.keys(f) as (keyof GalleryFilter)[]).filter((k) => f[k] !== undefined);
  if (active.length === 0 || active.some((k) => NARROW.has(k))) return plan;
  if (sort === 'accepted' && active.some((k) => COVERED.has(k))) return plan;
  // Common words beside other filters: how common weighs the choice, so they are counted further.
  const textShare = probeText && active.length > 1 ? await textMatches(db, dialect, f.tokens!, TEXT_COUNTED_UP_TO) : textSize;
  const sizes = await filterSizes(db, f, active, textShare);
  if (!sizes || sizes.each.length === 0) return plan;
  const { all, each, dates } = sizes;
  // Matches, the filters taken as independent; a walk along the date-taken index spans the range only.
  const found = each.reduce((n, { size }) => (n * size) / all, all * dates);
  const walked = (41 * (sort === 'taken' ? all * dates : all)) / Math.max(found, 1);
  // Gathering reads one filter's entries, checks the others on each and sorts what it finds; walking
  // reads the row of each photo passed and checks every filter on it.
  const checks = each.reduce((ms, e) => ms + e.probeMs, 0);
  const gathered = Math.min(
    ...each.map((e) => e.size * ((e.covered ? COVERED_ENTRY_MS : ROW_MS) + checks - e.probeMs) + found * ROW_MS * 0.05),
  );
  return walked * (ROW_MS + checks) < gathered ? { ...plan, probeCategory: f.category !== undefined, walkSort: true } : plan;
}

/**
 * Each filter's photos (the kept counts; the free text's matches up to the probe size, a floor), the
 * whole gallery's, and the share of the date range in the span of dates taken (evenly spread).
 */
async function filterSizes(db: DbOrTrx, f: GalleryFilter, active: (keyof GalleryFilter)[], textSize: number | null) {
  const keys = active.filter((k) => k !== 'from' && k !== 'to' && k !== 'tokens').map((k) => countedFilter({ [k]: f[k] }));
  if (keys.some((k) => k === null)) return null;
  const wanted = [['all', ''] as const, ...(keys as [string, string][])];
  const rows = await db
    .selectFrom('gallery_counts')
    .select(['kind', 'key', 'n'])
    .where((eb) => eb.or(wanted.map(([kind, key]) => eb.and([eb('kind', '=', kind), eb('key', '=', key)]))))
    .execute();
  const n = (kind: string, key: string) => Number(rows.find((r) => r.kind === kind && r.key === key)?.n ?? 0);
  const all = n('all', '');
  if (all === 0) return null;
  const counted = active.filter((k) => k !== 'from' && k !== 'to' && k !== 'tokens');
  const each = (keys as [string, string][]).map(([kind, key], i) => ({
    size: n(kind, key),
    covered: COVERED.has(counted[i]!),
    probeMs: kind === 'category' ? CATEGORY_PROBE_MS : 0,
  }));
  if (textSize !== null) each.push({ size: textSize, covered: false, probeMs: TEXT_PROBE_MS });
  let dates = 1;
  if (f.from !== undefined || f.to !== undefined) {
    const { rows: span } = await sql<{ first: string | null; last: string | null }>`select
      (select min(taken_on) from photos where state = 'accepted') as first,
      (select max(taken_on) from photos where state = 'accepted') as last`.execute(db);
    const first = Date.parse(span[0]?.first ?? '');
    const last = Date.parse(span[0]?.last ?? '');
    const from = Math.max(first, f.from ? Date.parse(f.from) : first);
    const to = Math.min(last, f.to ? Date.parse(f.to) : last);
    dates = last > first ? Math.max(0, to - from + 86_400_000) / (last - first + 86_400_000) : 1;
  }
  return { all, each, dates };
}
