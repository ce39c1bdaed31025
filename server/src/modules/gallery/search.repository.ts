// The gallery's search: filters, keyset pages and capped counts over accepted photos.
import { sql, type Compilable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { GallerySort } from '../../../../contract/gallery.js';
import type { DbOrTrx, Dialect } from '../../db/database.js';
import type { QueryShapes } from '../../db/query-shapes.js';
import { CARD_COLUMNS, type Database, type PhotosTable } from '../../db/schema.js';
import type { QueryToken } from './search-text.js';
import { textMatch } from './text-match.repository.js';
import { entriesIds, isEntriesDriver, type EntriesDriver } from './search-entries.repository.js';

export { textProbed } from './text-match.repository.js';
import { ACCEPTED } from '../../db/accepted.js';
import { isFirstColumn } from '../airframes/first-photos.js';

export { isEntriesDriver, type EntriesDriver } from './search-entries.repository.js';
export { countCapped, countedFilter, hasKeptCount } from './search-count.repository.js';

export interface GalleryFilter {
  registrationKey?: string;
  typeId?: number;
  airlineId?: number;
  airportId?: number;
  uploaderId?: number;
  airframeId?: number;
  liveryId?: number;
  /** `msn:4321` in the free text: photos of the airframes with that MSN. */
  msnKey?: string;
  category?: string;
  from?: string;
  to?: string;
  featured?: boolean;
  tokens?: QueryToken[];
}

export type SortKey = { value: number | string; id: number };

export const SORT_COLUMN = {
  accepted: 'decided_at',
  taken: 'taken_on',
  views: 'views',
  likes: 'likes',
} as const satisfies Record<GallerySort, keyof PhotosTable>;

/**
 * How a category is found: its photos gathered first, or probed per photo (its key is (category,
 * photo_id)) along whichever index the rest of the query walks — the sort's for a page (`sorted`).
 * See `categoryProbes` (search-plan.ts).
 */
type CategoryPlan = 'gather' | 'probe' | 'sorted' | 'driving';

/**
 * How a page's (`sorted`) or a count's (`probe`) category is found on `plan`: probed, or gathered; on
 * SQLite, where the photos are met by id (the `rows` driver), gathered by driving the query from the
 * category's own key.
 */
export function categoryPlanOf(dialect: Dialect, plan: PagePlan, probed: 'sorted' | 'probe'): CategoryPlan {
  if (plan.probeCategory) return probed;
  return dialect === 'sqlite' && plan.driver === 'rows' ? 'driving' : 'gather';
}

/** Accepted photos keyed by id, with every filter and sort column a search on SQLite plans for. */
export const BY_ID_INDEX = 'photos_gallery_id_idx';

/** The partial index of accepted photos each sort walks: it carries every filter column (migration 2026-12-02-02). */
export const SORT_INDEX = {
  accepted: 'photos_gallery_accepted_cover_idx',
  taken: 'photos_gallery_taken_cover_idx',
  views: 'photos_gallery_views_cover_idx',
  likes: 'photos_gallery_likes_cover_idx',
} as const satisfies Record<GallerySort, string>;

/**
 * Accepted photos matching the filter, as a query to order, page or count; on SQLite, `indexedBy` names
 * the index to walk.
 *
 * SQLite turns `exists (…)` into a join and then walks (state, decided_at) and sorts every photo of the
 * category by date taken (58–139 ms a page at 100k photos) instead of walking the sort's own index and
 * stopping at the page's end (0.05–0.2 ms) — with the planner's statistics or without, or with the
 * sampled ones `PRAGMA optimize` gathers later. A large category alone is therefore walked along the
 * sort's index by name; beside other filters, `likely(…)` keeps the probe a probe and leaves the planner
 * the choice of index (an airline's own, say). A count keeps the join, as fast or faster there.
 *
 * A category `driving` the query is walked from its own key, each photo met by id as it comes: `id in (…)`
 * would have SQLite list the whole category first, however few photos a capped count needs (livery with a
 * year and a half: 13 ms a count, 5 ms driven).
 */
export function filtered(
  db: DbOrTrx,
  dialect: Dialect,
  f: GalleryFilter,
  category: CategoryPlan = 'gather',
  /** SQLite: `indexed by …`. */
  hint?: string,
  probeText: boolean | 'pinned' = false,
): SelectQueryBuilder<Database, 'photos', object> {
  const drivenByCategory = f.category !== undefined && category === 'driving';
  const from = drivenByCategory
    ? sql`photo_categories cross join photos ${sql.raw(hint ?? '')}`
    : hint
      ? sql`photos ${sql.raw(hint)}`
      : null;
  return db
    .selectFrom(from ? (from as unknown as 'photos') : 'photos')
    .where(ACCEPTED)
    .$if(f.registrationKey !== undefined, (q) => q.where('photos.registration_key', '=', f.registrationKey!))
    .$if(f.typeId !== undefined, (q) => q.where('photos.aircraft_type_id', '=', f.typeId!))
    .$if(f.airlineId !== undefined, (q) => q.where('photos.airline_id', '=', f.airlineId!))
    .$if(f.airportId !== undefined, (q) => q.where('photos.airport_id', '=', f.airportId!))
    .$if(f.uploaderId !== undefined, (q) => q.where('photos.uploader_id', '=', f.uploaderId!))
    .$if(f.airframeId !== undefined, (q) => q.where('photos.airframe_id', '=', f.airframeId!))
    .$if(f.liveryId !== undefined, (q) => q.where('photos.livery_id', '=', f.liveryId!))
    .$if(f.msnKey !== undefined, (q) =>
      q.where('photos.airframe_id', 'in', (eb) =>
        eb
          .selectFrom('airframes')
          .select('airframes.id')
          .where('airframes.msn_key', '=', f.msnKey!)
          .where('airframes.merged_into', 'is', null),
      ),
    )
    .$if(f.from !== undefined, (q) => q.where('photos.taken_on', '>=', f.from!))
    .$if(f.to !== undefined, (q) => q.where('photos.taken_on', '<=', f.to!))
    .$if(f.featured === true, (q) => q.where('photos.featured_at', 'is not', null))
    .$if(f.category !== undefined, (q) =>
      q.where((eb) => {
        if (drivenByCategory)
          return sql<SqlBool>`photo_categories.category = ${f.category!} and photos.id = photo_categories.photo_id`;
        const inCategory = eb.selectFrom('photo_categories').where('photo_categories.category', '=', f.category!);
        if (category === 'gather') return eb('photos.id', 'in', inCategory.select('photo_categories.photo_id'));
        const probe = eb.exists(
          inCategory.select(sql<number>`1`.as('one')).whereRef('photo_categories.photo_id', '=', 'photos.id'),
        );
        return category === 'sorted' && dialect === 'sqlite' ? sql<SqlBool>`likely(${probe})` : probe;
      }),
    )
    .$if((f.tokens?.length ?? 0) > 0, (q) => q.where(textMatch(dialect, f.tokens!, probeText)));
}

/** True when the accepted photo `photoId` is among the filter's results (a saved search a member follows). */
export async function filterFinds(db: DbOrTrx, dialect: Dialect, f: GalleryFilter, photoId: number): Promise<boolean> {
  const row = await filtered(db, dialect, f).select('photos.id').where('photos.id', '=', photoId).executeTakeFirst();
  return row !== undefined;
}

/**
 * One page in the sort's order, newest/most first, after the keyset cursor; one more than `limit`.
 * The page's ids are picked from the gallery's indexes alone (each carries every filter and sort
 * column), then only those rows are read: a photo row is wide, and sorting thousands of them by views
 * once cost more than everything else in the answer. Each row says whether it is 首张 of its aircraft,
 * which had been a statement of its own after the page's.
 */
export const searchPageQuery = (...args: PageArgs) =>
  page(...args)
    .selectAll('photos')
    .select(isFirstColumn());

/** The same page as cards: only the columns a card shows are read (41 whole rows cost SQLite twice as much). */
export const searchCardsQuery = (...args: PageArgs) =>
  page(...args)
    .select(CARD_COLUMNS)
    .select(isFirstColumn());

type PageArgs = Parameters<typeof page>;

/** A page's query as `searchCardsQuery` builds it, compiled once per shape (db/query-shapes.ts). */
export const searchCardsCompiled = (shapes: QueryShapes, ...args: PageArgs) => shaped(shapes, 'cards', args, searchCardsQuery);

/** A page's query as `searchPageQuery` builds it, compiled once per shape. */
export const searchPageCompiled = (shapes: QueryShapes, ...args: PageArgs) => shaped(shapes, 'rows', args, searchPageQuery);

/**
 * The shape of a page: which filters it has, its words' kinds, its sort, limit, plan and whether it
 * follows a cursor; its values are the filters', the words' and the cursor's.
 */
function shaped<R>(
  shapes: QueryShapes,
  view: string,
  [db, dialect, f, sort, after, limit, plan = {}]: PageArgs,
  build: (...args: PageArgs) => Compilable<R>,
) {
  const active = activeFilters(f);
  const valued = active.filter((k) => k !== 'tokens' && k !== 'featured');
  const tokens = f.tokens ?? [];
  // The entries' ids are values too: a shape is the kinds of the entries, not which.
  const entries = isEntriesDriver(plan.driver) ? plan.driver.entries : [];
  const values = [
    ...valued.map((k) => f[k] as string | number),
    ...tokens.map((t) => t.text),
    ...(after ? [after.value, after.id] : []),
    ...entries.map((e) => e.id),
  ];
  const key = JSON.stringify([
    dialect,
    view,
    sort,
    limit,
    isEntriesDriver(plan.driver)
      ? { ...plan, driver: { entries: entries.map((e) => [e.kind, e.whole === true]), token: plan.driver.token } }
      : plan,
    active,
    f.featured,
    tokens.map((t) => t.prefix),
    after && typeof after.value,
  ]);
  return shapes.compile(key, values, (v) => {
    let i = 0;
    const filter: Record<string, unknown> = { ...f };
    for (const k of valued) filter[k] = v[i++];
    if (f.tokens) filter.tokens = tokens.map((t) => ({ text: v[i++], prefix: t.prefix }));
    const cursor = after ? { value: v[i++]!, id: v[i++] as number } : null;
    const driver = isEntriesDriver(plan.driver)
      ? { ...plan.driver, entries: entries.map((e) => ({ ...e, id: v[i++] as number })) }
      : plan.driver;
    return build(db, dialect, filter as GalleryFilter, sort, cursor, limit, { ...plan, driver });
  });
}

/**
 * What drives a query on SQLite (search-plan.ts): the sort's own index, another index by name, or the
 * photos by id from a gathered category's or words' matches.
 */
export type Driver = 'sort' | 'rows' | { index: string } | EntriesDriver;

/** How a page or a count finds its photos (search-plan.ts decides it per search). */
export interface PagePlan {
  /** A large category probed per photo rather than gathered. */
  probeCategory?: boolean;
  /** Common words probed per photo rather than gathered. */
  probeText?: boolean;
  /** SQLite only. Unsaid: the sort's index when nothing but probed categories and words filter, else SQLite's choice. */
  driver?: Driver;
}

/** The clause after `photos` that makes SQLite take the plan's driver. */
export function hintOf(dialect: Dialect, f: GalleryFilter, sort: GallerySort, plan: PagePlan): string | undefined {
  if (dialect !== 'sqlite') return undefined;
  const active = activeFilters(f);
  const driver =
    plan.driver ??
    (active.length > 0 && active.every((k) => (k === 'category' && plan.probeCategory) || (k === 'tokens' && plan.probeText))
      ? 'sort'
      : undefined);
  if (driver === 'sort') return `indexed by ${SORT_INDEX[sort]}`;
  // Gathered ids are met in the index keyed by id, which carries every filter and sort column: a
  // photo's wide row cost twice as much (a word's 12,700 matches with a date range: 21 ms against 11).
  if (driver === 'rows') return `indexed by ${BY_ID_INDEX}`;
  return driver && !isEntriesDriver(driver) ? `indexed by ${driver.index}` : undefined;
}

/** The page's rows in order, by the ids the filter's and sort's indexes give. */
function page(
  db: DbOrTrx,
  dialect: Dialect,
  f: GalleryFilter,
  sort: GallerySort,
  after: SortKey | null,
  limit: number,
  plan: PagePlan = {},
) {
  const column = SORT_COLUMN[sort];
  const { probeCategory = false, probeText = false } = plan;
  const ids = isEntriesDriver(plan.driver)
    ? entriesIds(db, dialect, f, sort, after, limit, plan.driver, probeCategory)
    : keyset(
        filtered(db, dialect, f, categoryPlanOf(dialect, plan, 'sorted'), hintOf(dialect, f, sort, plan), probeText).select(
          'photos.id',
        ),
        sort,
        after,
        limit,
      );
  return db.selectFrom('photos').where('photos.id', 'in', ids).orderBy(`photos.${column}`, 'desc').orderBy('photos.id', 'desc');
}

/** One page of a query over photos in the sort's order: after the cursor, one more than `limit`. */
export function keyset<O>(q: SelectQueryBuilder<Database, 'photos', O>, sort: GallerySort, after: SortKey | null, limit: number) {
  const column = SORT_COLUMN[sort];
  return q
    .$if(after !== null, (b) =>
      b.where(sql<boolean>`(${sql.ref(`photos.${column}`)}, photos.id) < (${after!.value}, ${after!.id})`),
    )
    .orderBy(`photos.${column}`, 'desc')
    .orderBy('photos.id', 'desc')
    .limit(limit + 1);
}

export const activeFilters = (f: GalleryFilter) => (Object.keys(f) as (keyof GalleryFilter)[]).filter((k) => f[k] !== undefined);
