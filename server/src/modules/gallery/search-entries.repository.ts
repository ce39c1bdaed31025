// Free text driven by the entries naming one of its words (ADR 0052): a read per entry and one of the
// photos' own words, merged, for a page or a count.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { GallerySort } from '../../../../contract/gallery.js';
import type { DbOrTrx, Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Entry } from './entry-words.js';
import {
  BY_ID_INDEX,
  filtered,
  keyset,
  SORT_COLUMN,
  type Driver,
  type GalleryFilter,
  type SortKey,
} from './search.repository.js';
import { ownWordsMatch } from './text-match.repository.js';

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

/**
 * The page's ids through the entries naming the driving word: one read per entry along its covering
 * index in the sort's order (for another sort, its photos sorted), and one of the photos whose own
 * words hold the word, each at most a page long, merged. A photo two entries name comes once.
 */
export function entriesIds(
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
export function entriesUnion<O extends { id: number }>(
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
        filtered(db, dialect, e.whole ? wordless : rest, category, hint(ENTRY_INDEX[e.kind]), 'pinned').where(
          `photos.${ENTRY_COLUMN[e.kind]}`,
          '=',
          e.id,
        ),
      ),
    ),
    branch(
      filtered(db, dialect, rest, category, dialect === 'sqlite' ? `indexed by ${BY_ID_INDEX}` : undefined, 'pinned').where(
        ownWordsMatch(dialect, tokens[driver.token]!),
      ),
    ),
  ].map((q, i) => db.selectFrom(q.as(`e${i}`)).selectAll(`e${i}`) as unknown as SelectQueryBuilder<Database, never, O>);
  return parts.slice(1).reduce((a, b) => a.union(b), parts[0]!);
}
