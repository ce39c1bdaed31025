// The gallery's search: filters, keyset pages and capped counts over accepted photos.
import { sql, type Compilable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { GallerySort } from '../../../../contract/gallery.js';
import type { DbOrTrx, Dialect } from '../../db/database.js';
import type { QueryShapes } from '../../db/query-shapes.js';
import { CARD_COLUMNS, type Database, type PhotosTable } from '../../db/schema.js';
import type { QueryToken } from './search-text.js';
import { ownWordsMatch, textMatch, textMatches } from './text-match.repository.js';
import type { Entry } from './entry-words.js';

export { textProbed } from './text-match.repository.js';
import { ACCEPTED } from '../../db/accepted.js';
import { countOf } from './gallery-counts.repository.js';

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

const SORT_COLUMN = { accepted: 'decided_at', taken: 'taken_on', views: 'views', likes: 'likes' } as const satisfies Record<
  GallerySort,
  keyof PhotosTable
>;

/**
 * How a category is found: its photos gathered first, or probed per photo (its key is (category,
 * photo_id)) along whichever index the rest of the query walks — the sort's for a page (`sorted`).
 * See `categoryProbes` (search-plan.ts).
 */
type CategoryPlan = 'gather' | 'probe' | 'sorted';

/** Accepted photos keyed by id, with every filter and sort column a search on SQLite plans for. */
const BY_ID_INDEX = 'photos_gallery_id_idx';

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
 */
function filtered(
  db: DbOrTrx,
  dialect: Dialect,
  f: GalleryFilter,
  category: CategoryPlan = 'gather',
  /** SQLite: `indexed by …`. */
  hint?: string,
  probeText = false,
): SelectQueryBuilder<Database, 'photos', object> {
  return db
    .selectFrom(hint ? (sql`photos ${sql.raw(hint)}` as unknown as 'photos') : 'photos')
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
 * once cost more than everything else in the answer.
 */
export const searchPageQuery = (...args: PageArgs) => page(...args).selectAll('photos');

/** The same page as cards: only the columns a card shows are read (41 whole rows cost SQLite twice as much). */
export const searchCardsQuery = (...args: PageArgs) => page(...args).select(CARD_COLUMNS);

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

/**
 * Text driven by the entries naming one of its words (`token`, an index into the filter's tokens):
 * each entry's photos read in the sort's order from its covering index, and the photos whose own words
 * hold the word, merged (entry-words.ts). The other words and filters are checked on each photo read.
 */
export interface EntriesDriver {
  entries: Entry[];
  token: number;
}

export const isEntriesDriver = (d: Driver | undefined): d is EntriesDriver => typeof d === 'object' && 'entries' in d;

const ENTRY_COLUMN = { type: 'aircraft_type_id', airline: 'airline_id', airport: 'airport_id' } as const;
const ENTRY_INDEX = {
  type: 'photos_gallery_type_cover_idx',
  airline: 'photos_gallery_airline_cover_idx',
  airport: 'photos_gallery_airport_cover_idx',
} as const;

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
function hintOf(dialect: Dialect, f: GalleryFilter, sort: GallerySort, plan: PagePlan): string | undefined {
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
        filtered(db, dialect, f, probeCategory ? 'sorted' : 'gather', hintOf(dialect, f, sort, plan), probeText).select(
          'photos.id',
        ),
        sort,
        after,
        limit,
      );
  return db.selectFrom('photos').where('photos.id', 'in', ids).orderBy(`photos.${column}`, 'desc').orderBy('photos.id', 'desc');
}

/** One page of a query over photos in the sort's order: after the cursor, one more than `limit`. */
function keyset<O>(q: SelectQueryBuilder<Database, 'photos', O>, sort: GallerySort, after: SortKey | null, limit: number) {
  const column = SORT_COLUMN[sort];
  return q
    .$if(after !== null, (b) =>
      b.where(sql<boolean>`(${sql.ref(`photos.${column}`)}, photos.id) < (${after!.value}, ${after!.id})`),
    )
    .orderBy(`photos.${column}`, 'desc')
    .orderBy('photos.id', 'desc')
    .limit(limit + 1);
}

/**
 * The page's ids through the entries naming the driving word: one read per entry along its covering
 * index in the sort's order (for another sort, its photos sorted), and one of the photos whose own
 * words hold the word, each at most a page long, merged. A photo two entries name comes once.
 */
function entriesIds(
  db: DbOrTrx,
  dialect: Dialect,
  f: GalleryFilter,
  sort: GallerySort,
  after: SortKey | null,
  limit: number,
  driver: EntriesDriver,
  probeCategory: boolean,
) {
  const column = SORT_COLUMN[sort];
  const merged = entriesUnion(db, dialect, f, driver, probeCategory, (q) =>
    keyset(q.select(['photos.id', sql<number | string>`${sql.ref(`photos.${column}`)}`.as('k')]), sort, after, limit),
  );
  return db
    .selectFrom(merged.as('u'))
    .select('u.id')
    .orderBy('u.k', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit + 1);
}

/**
 * The reads of an entries driver, each shaped by `branch` (a page, or ids up to a count's cap), as one
 * `union`: an entry naming the driving word holds it for each of its photos, so the other words are
 * probed, and not even those where the entry names them all; the own words' matches come last.
 */
function entriesUnion<O extends { id: number }>(
  db: DbOrTrx,
  dialect: Dialect,
  f: GalleryFilter,
  driver: EntriesDriver,
  probeCategory: boolean,
  branch: (q: SelectQueryBuilder<Database, 'photos', object>) => SelectQueryBuilder<Database, 'photos', O>,
) {
  const tokens = f.tokens ?? [];
  const rest: GalleryFilter = { ...f, tokens: tokens.length > 1 ? tokens : undefined };
  const wordless: GalleryFilter = { ...f, tokens: undefined };
  const category = probeCategory ? 'probe' : 'gather';
  const hint = (index: string) => (dialect === 'sqlite' ? `indexed by ${index}` : undefined);
  const parts = [
    ...driver.entries.map((e) =>
      branch(
        filtered(db, dialect, e.whole ? wordless : rest, category, hint(ENTRY_INDEX[e.kind]), true).where(
          `photos.${ENTRY_COLUMN[e.kind]}`,
          '=',
          e.id,
        ),
      ),
    ),
    branch(
      filtered(db, dialect, rest, category, dialect === 'sqlite' ? `indexed by ${BY_ID_INDEX}` : undefined, true).where(
        ownWordsMatch(dialect, tokens[driver.token]!),
      ),
    ),
  ].map((q, i) => db.selectFrom(q.as(`e${i}`)).selectAll(`e${i}`) as unknown as SelectQueryBuilder<Database, never, O>);
  return parts.slice(1).reduce((a, b) => a.union(b), parts[0]!);
}

const activeFilters = (f: GalleryFilter) => (Object.keys(f) as (keyof GalleryFilter)[]).filter((k) => f[k] !== undefined);

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
        probeCategory ? 'probe' : 'gather',
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
