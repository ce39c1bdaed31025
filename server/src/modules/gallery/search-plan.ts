import type { GallerySort } from '../../../../contract/gallery.js';
import type { DbOrTrx, Dialect } from '../../db/database.js';
import type { EntryWords } from './entry-words.js';
import { namedBy, type Named, type NamedEntry } from './search-named.js';
import {
  countedFilter,
  isEntriesDriver,
  SORT_INDEX,
  type Driver,
  type GalleryFilter,
  type PagePlan,
} from './search.repository.js';
import { PROBED_TEXT_SIZE, textMatches } from './text-match.repository.js';
import { counterName, plannerFactsOf, type CounterKey, type PlannerFacts } from './planner-facts.js';
import type { QueryToken } from './search-text.js';
import { COST } from './search-costs.js';

// How a gallery search is run (issue 37): which filters are gathered first and which are probed photo
// by photo, and on SQLite which index drives the page and the count. Decided per search from the counts
// the gallery keeps (gallery-counts.repository.ts) and the free text's matches, so a large filter costs
// what a small one does: a page of 41 photos is read, not every photo of the filter sorted.
//
// SQLite's planner takes any equality for a rare value, so the search picks the driver itself, by a
// cost model measured at 1M photos: walk the sort's own index (or a filter's own index, in the order of
// acceptance) and check every filter on each photo passed, or gather one filter's photos (its covering
// index, the featured ones, a date range, a category's or the words' matches), check the others and sort
// what it finds. Filters are taken as independent, a date range as its share of the span of dates taken.

/** How far common words are counted when other filters stand beside them (~7 ms for a word in 10 % of 1M photos). */
const TEXT_COUNTED_UP_TO = 100_000;
/** Each filter's own covering index, in the order of acceptance. */
const COVER_INDEX: Partial<Record<keyof GalleryFilter, string>> = {
  airlineId: 'photos_gallery_airline_cover_idx',
  airportId: 'photos_gallery_airport_cover_idx',
  typeId: 'photos_gallery_type_cover_idx',
  uploaderId: 'photos_gallery_uploader_cover_idx',
};
/** Filters that find a handful of photos: their own index is the one. */
const NARROW = new Set<keyof GalleryFilter>(['registrationKey', 'airframeId', 'liveryId', 'msnKey']);

export interface SearchPlan {
  page: PagePlan;
  count: PagePlan;
}

interface Way {
  /** ms for the page, and for counting up to the cap. */
  page: number;
  count: number;
  driver: Driver;
  /** The words are gathered (this way drives from them), else probed. */
  gatherText?: boolean;
  gatherCategory?: boolean;
}

export async function planSearch(
  db: DbOrTrx,
  dialect: Dialect,
  f: GalleryFilter,
  sort: GallerySort,
  cap: number,
  /** Which entries name a word; null while the own words are not all written (entry-words.ts). */
  entryWords: EntryWords | null = null,
  /** The kept counters, the span of dates and the words' matches (the server holds them per gallery version). */
  facts: PlannerFacts = plannerFactsOf(db),
): Promise<SearchPlan> {
  const active = (Object.keys(f) as (keyof GalleryFilter)[]).filter((k) => f[k] !== undefined);
  const narrow = active.some((k) => NARROW.has(k));
  const named = entryWords && !narrow ? await namedBy(db, dialect, f, entryWords, facts) : null;
  const [probes, textSize] = await Promise.all([
    categoryProbes(facts, f),
    // Words the entries name are sized by the entries' counts: counting their matches cost up to 7 ms.
    // Beside a narrow filter its few photos are probed, uncounted (PostgreSQL: a count 9 ms, 21 probes 0.8).
    named
      ? Promise.resolve(named.size)
      : f.tokens?.length && !narrow
        ? wordsCounted(facts, db, dialect, f.tokens, PROBED_TEXT_SIZE)
        : Promise.resolve(null),
  ]);
  const probeText = narrow ? (f.tokens?.length ?? 0) > 0 : textSize !== null && textSize >= PROBED_TEXT_SIZE;
  const fallback: SearchPlan = {
    page: { probeCategory: probes.page, probeText },
    count: { probeCategory: probes.count, probeText },
  };
  if ((dialect !== 'sqlite' && !named) || active.length === 0 || narrow) return fallback;
  // Common words beside other filters: how common weighs the choice, so they are counted further.
  const countedTo = probeText && active.length > 1 && !named ? TEXT_COUNTED_UP_TO : PROBED_TEXT_SIZE;
  const words = countedTo === TEXT_COUNTED_UP_TO ? await wordsCounted(facts, db, dialect, f.tokens!, countedTo) : textSize;
  const sizes = await filterSizes(facts, f, active);
  if (!sizes) return fallback;
  // A count that reached its limit is a floor: the words are then not gathered.
  const ways = waysOf(f, active, sort, cap, dialect, {
    ...sizes,
    words,
    wordsExact: named !== null || (words !== null && words < countedTo),
    named,
  });
  const best = (key: 'page' | 'count') => ways.reduce((a, b) => (b[key] < a[key] ? b : a));
  if (dialect !== 'sqlite') {
    // PostgreSQL plans the rest itself; only the entries' merge is a shape it cannot find alone.
    const entries = (key: 'page' | 'count'): PagePlan => {
      const { driver } = best(key);
      return isEntriesDriver(driver) ? { ...fallback[key], driver, probeText: false } : fallback[key];
    };
    return { page: entries('page'), count: entries('count') };
  }
  const asPlan = (w: Way): PagePlan => ({
    driver: w.driver,
    probeCategory: f.category !== undefined && !w.gatherCategory,
    probeText: f.tokens !== undefined && !w.gatherText,
  });
  return { page: asPlan(best('page')), count: asPlan(best('count')) };
}

/** The free text's matches counted up to `limit`, once a gallery version for the same words. */
const wordsCounted = (facts: PlannerFacts, db: DbOrTrx, dialect: Dialect, tokens: QueryToken[], limit: number) =>
  facts.memo(`words:${limit}:${JSON.stringify(tokens)}`, () => textMatches(db, dialect, tokens, limit));

function waysOf(
  f: GalleryFilter,
  active: (keyof GalleryFilter)[],
  sort: GallerySort,
  cap: number,
  dialect: Dialect,
  s: {
    all: number;
    counts: Partial<Record<keyof GalleryFilter, number>>;
    dates: number;
    words: number | null;
    wordsExact: boolean;
    named: Named | null;
  },
): Way[] {
  const { all, counts, dates, words } = s;
  const share = (n: number) => Math.min(n / all, 1);
  const found = Math.max(
    1,
    Object.values(counts).reduce((n, c) => n * share(c), all * dates) * (words === null ? 1 : share(words)),
  );
  const catProbe = f.category !== undefined ? COST.categoryProbe : 0;
  const wordProbe = dialect === 'postgres' ? COST.textProbePostgres : COST.textProbe;
  const textProbe = words !== null ? wordProbe : 0;
  // The share of the entries an index gives that its columns pass (every kept filter but the category,
  // and the date range, less what the index's own range already holds to): only those are probed for
  // their category and words.
  const covered = (Object.keys(counts) as (keyof GalleryFilter)[]).filter((k) => k !== 'category');
  const passing = (held?: keyof GalleryFilter | 'dates') =>
    covered.filter((k) => k !== held).reduce((p, k) => p * share(counts[k]!), held === 'dates' ? 1 : dates);
  const probes = (held?: keyof GalleryFilter | 'dates') => (catProbe + textProbe) * passing(held);
  /** Entries read to find the page's 41 (walking in order) or the count's cap (any order), of `size` the way reads. */
  const walk = (size: number) => Math.min(size, (41 * size) / found);
  const upToCap = (size: number) => Math.min(size, ((cap + 1) * size) / found);
  const ways: Way[] = [];
  const add = (way: Omit<Way, 'page' | 'count'>, size: number, perEntry: number, inOrder: boolean) =>
    ways.push({
      ...way,
      page: inOrder ? walk(size) * perEntry : size * perEntry + found * COST.sorted,
      count: upToCap(size) * perEntry,
    });
  // The sort's own index (a date range spans the date-taken index only in its range); for a count, the
  // index keyed by id that carries every filter column.
  add(
    { driver: 'sort' },
    sort === 'taken' ? all * dates : all,
    COST.coveredEntry + probes(sort === 'taken' ? 'dates' : undefined),
    true,
  );
  ways[0]!.count = Infinity;
  ways.push({
    driver: { index: 'photos_gallery_id_idx' },
    page: Infinity,
    count: upToCap(all) * (COST.coveredEntry + probes()),
  });
  for (const k of active) {
    const index = COVER_INDEX[k];
    if (index && counts[k] !== undefined) {
      add({ driver: { index } }, counts[k], COST.coveredEntry + probes(k), sort === 'accepted');
    }
  }
  if (f.featured) {
    // The featured photos' own index for the sort (migration 2026-11-28-04), walked in its order.
    const alone = active.every((k) => k === 'featured');
    add(
      { driver: { index: `photos_featured_${sort}_idx` } },
      counts.featured ?? all,
      (alone ? COST.coveredEntry : COST.row) + probes('featured'),
      true,
    );
  }
  if (dates < 1) {
    // Gathered from the date-taken index (for a page sorted by date taken, the sort's way above).
    add({ driver: { index: SORT_INDEX.taken } }, all * dates, COST.coveredEntry + probes('dates'), false);
    if (sort === 'taken') ways[ways.length - 1]!.page = Infinity;
  }
  if (f.category !== undefined && counts.category !== undefined) {
    add({ driver: 'rows', gatherCategory: true }, counts.category, COST.byId + textProbe * passing(), false);
  }
  if (words !== null && s.wordsExact) {
    add({ driver: 'rows', gatherText: true }, words, COST.textMatch + COST.byId + catProbe * passing(), false);
  }
  if (s.named) {
    // Each entry's covering index, walked in order (the order of acceptance) or its photos sorted, and
    // the photos whose own words hold the word, gathered; the other words probed on each photo read.
    const kept = found / Math.max(words ?? 1, 1);
    const perEntry = (e: NamedEntry) => COST.coveredEntry + (catProbe + (e.whole ? 0 : wordProbe)) * passing();
    // Entries read to find `wanted` photos the rest of the filter keeps.
    const upTo = (e: NamedEntry, wanted: number) => Math.min(e.n, wanted / Math.max(kept, 1 / e.n));
    const page = (e: NamedEntry) => (sort === 'accepted' ? upTo(e, 41) * perEntry(e) : e.n * (perEntry(e) + kept * COST.sorted));
    const { entries, own } = s.named;
    const owned = own * (COST.textMatch + COST.byId + (catProbe + (f.tokens!.length > 1 ? wordProbe : 0)) * passing());
    ways.push({
      driver: { entries: entries.map(({ kind, id, whole }) => ({ kind, id, whole })), token: s.named.token },
      gatherText: true,
      page: entries.reduce((ms, e) => ms + page(e), 0) + owned,
      count: entries.reduce((ms, e) => ms + upTo(e, cap + 1) * perEntry(e), 0) + owned,
    });
  }
  return ways;
}

/**
 * Each kept filter's photos, the whole gallery's, and the share of the date range in the span of dates
 * taken (evenly spread).
 */
async function filterSizes(facts: PlannerFacts, f: GalleryFilter, active: (keyof GalleryFilter)[]) {
  const kept = active.filter((k) => k !== 'from' && k !== 'to' && k !== 'tokens');
  const keys = kept.map((k) => countedFilter({ [k]: f[k] }));
  if (keys.some((k) => k === null)) return null;
  const wanted: CounterKey[] = [['all', ''], ...(keys as CounterKey[])];
  const read = await facts.counts(wanted);
  const n = (key: CounterKey) => read.get(counterName(key)) ?? 0;
  const all = n(['all', '']);
  if (all === 0) return null;
  const counts = Object.fromEntries(kept.map((k, i) => [k, n(keys[i]!)]));
  let dates = 1;
  if (f.from !== undefined || f.to !== undefined) {
    const span = await facts.dateSpan();
    const first = Date.parse(span.first ?? '');
    const last = Date.parse(span.last ?? '');
    const from = Math.max(first, f.from ? Date.parse(f.from) : first);
    const to = Math.min(last, f.to ? Date.parse(f.to) : last);
    dates = last > first ? Math.max(0, to - from + 86_400_000) / (last - first + 86_400_000) : 1;
  }
  return { all, counts, dates };
}

/** A category with at least this many accepted photos is probed along an index rather than gathered. */
export const PROBED_CATEGORY_SIZE = 2_000;

/** Where a search's category is probed per photo (`page`, `count`) rather than its photos gathered first. */
export interface CategoryProbes {
  page: boolean;
  count: boolean;
}

/**
 * How a search with a category should find it. A large category is probed per photo along the index
 * the rest of the filter walks: gathering `airliner`'s tens of thousands of photos cost SQLite 15–60 ms
 * a page alone, and with an airline, airport, type, photographer, featured or free text 4–8 ms a page
 * and 4–8 ms a count where probing cost 1–5 and 0.3–4 (100k photos). Its count with a date range is
 * still gathered (probing each photo since 2017 cost 22 ms a count against 7). A rare category (航天器)
 * is gathered: its few photos are cheap, where a walk could cross every accepted photo. Sized by the
 * category's kept count.
 */
export async function categoryProbes(
  facts: PlannerFacts,
  f: GalleryFilter,
  size = PROBED_CATEGORY_SIZE,
): Promise<CategoryProbes> {
  if (f.category === undefined) return { page: false, count: false };
  // The category's accepted photos, as the gallery keeps them.
  const n = (await facts.counts([['category', f.category]])).get(counterName(['category', f.category])) ?? 0;
  const large = n >= size;
  return { page: large, count: large && f.from === undefined && f.to === undefined };
}
