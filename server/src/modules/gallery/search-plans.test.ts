import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_SORTS } from '../../../../contract/catalogues.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { sqlitePlan } from '../../testing/query-plans.js';
import { plannerFactsOf, type PlannerFacts } from './planner-facts.js';
import { planSearch } from './search-plan.js';
import { queryTokens } from './search-text.js';
import { searchCardsQuery, searchPageQuery, type GalleryFilter } from './search.repository.js';

// SQLite plans a query from the statistics `PRAGMA optimize` gathers (db/database.ts), not from the
// rows themselves: an empty database is planned as a new site is, and with the statistics of the
// bench's gallery of 100,000 photos loaded, as that gallery is.
const STATS_AT_100K: [table: string, index: string, stat: string][] = [
  ['photo_categories', 'photo_categories_photo_idx', '100000 1'],
  ['photo_categories', 'sqlite_autoindex_photo_categories_1', '100000 12500 1'],
  ['photos', 'photos_airframe_idx', '100000 4 1 1'],
  ['photos', 'photos_decided_idx', '100000 100000 1'],
  ['photos', 'photos_gallery_accepted_cover_idx', '100000 1 1 1 1 1 1 1 1'],
  ['photos', 'photos_gallery_airline_cover_idx', '100000 167 1 1 1 1 1 1 1 1 1'],
  ['photos', 'photos_gallery_airport_cover_idx', '100000 167 1 1 1 1 1 1 1 1 1'],
  ['photos', 'photos_gallery_featured_idx', '1015 1015 1'],
  ['photos', 'photos_gallery_id_idx', '100000 1 1 1 1 1 1 1 1 1 1'],
  ['photos', 'photos_gallery_likes_cover_idx', '100000 500 1 1 1 1 1 1 1'],
  ['photos', 'photos_gallery_reg_idx', '100000 4 1 1'],
  ['photos', 'photos_gallery_taken_cover_idx', '100000 28 1 1 1 1 1 1'],
  ['photos', 'photos_gallery_type_cover_idx', '100000 667 1 1 1 1 1 1 1 1 1'],
  ['photos', 'photos_gallery_uploader_cover_idx', '100000 20 1 1 1 1 1 1 1 1 1'],
  ['photos', 'photos_gallery_views_cover_idx', '100000 20 1 1 1 1 1 1 1'],
  ['photos', 'photos_livery_idx', '100000 100000 1 1'],
  ['photos', 'photos_registration_idx', '100000 4 4'],
  ['photos', 'photos_sha256_idx', '100000 100000'],
  ['photos', 'photos_state_queue_idx', '100000 100000 100000 1'],
  ['photos', 'photos_uploader_state_idx', '100000 20 20 20'],
];

/** Each sort's own index (the newest-accepted order is also the tail of (state, decided_at)). */
const SORT_INDEX = {
  accepted: /photos_(gallery_accepted(_cover)?|decided)_idx/,
  taken: /photos_gallery_taken(_cover)?_idx/,
  views: /photos_gallery_views(_cover)?_idx/,
  likes: /photos_gallery_likes(_cover)?_idx/,
};

describe('gallery page plans on SQLite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  const plan = (query: Parameters<typeof sqlitePlan>[1]) => sqlitePlan(t.database.db, query);

  /** Each sort's page of a large category walks the sort's own index and sorts only the page's rows. */
  async function expectSortIndexWalked(f: GalleryFilter) {
    for (const sort of GALLERY_SORTS)
      for (const query of [searchPageQuery, searchCardsQuery]) {
        const steps = await plan(query(t.database.db, 'sqlite', f, sort, null, 40, { probeCategory: true }));
        const said = `${JSON.stringify(f)} ${sort}: ${steps.join(' | ')}`;
        expect(
          steps.some((step) => SORT_INDEX[sort].test(step)),
          said,
        ).toBe(true);
        // One sort: the page's 41 rows, read by id. The category's thousands of photos are never sorted.
        expect(
          steps.filter((step) => step.includes('TEMP B-TREE FOR ORDER BY')),
          said,
        ).toHaveLength(1);
      }
  }

  it('pages a large category alone along the sort’s own index without statistics, full or as cards', async () => {
    await expectSortIndexWalked({ category: 'airliner' });
  });

  it('probes the words beside a narrow filter on its photos, without counting them first', async () => {
    const read: string[] = [];
    const held = plannerFactsOf(t.database.db);
    const facts: PlannerFacts = {
      counts: (keys) => held.counts(keys),
      dateSpan: () => held.dateSpan(),
      memo: (name, counted) => (read.push(name), held.memo(name, counted)),
    };
    const tokens = queryTokens('a330');
    for (const narrow of [{ registrationKey: 'B612Y' }, { airframeId: 3 }, { liveryId: 2 }, { msnKey: '1234' }]) {
      const plan = await planSearch(t.database.db, 'sqlite', { ...narrow, tokens }, 'taken', 1000, null, facts);
      expect([plan.page.probeText, plan.count.probeText], JSON.stringify(narrow)).toEqual([true, true]);
    }
    expect(read).toEqual([]);
    // Without one, the words' matches size the plan.
    await planSearch(t.database.db, 'sqlite', { tokens }, 'taken', 1000, null, facts);
    expect(read).toHaveLength(1);
  });

  it('does so with the statistics of 100,000 photos too, with and without a date range', async () => {
    const db = t.database.db;
    await sql`analyze`.execute(db);
    await sql`delete from sqlite_stat1`.execute(db);
    for (const [table, index, stat] of STATS_AT_100K)
      await sql`insert into sqlite_stat1 (tbl, idx, stat) values (${table}, ${index}, ${stat})`.execute(db);
    // Read again by the planner.
    await sql`analyze sqlite_schema`.execute(db);
    await expectSortIndexWalked({ category: 'airliner' });
    await expectSortIndexWalked({ category: 'airliner', from: '2020-01-01' });
  });
});
