import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_SORTS } from '../../../../contract/catalogues.js';
import { galleryQuery, type GalleryQuery } from '../../../../contract/gallery.js';
import { registrationKey } from '../../../../contract/photos.js';
import { fill, pick, random, type Filled } from '../../testing/gallery-fill.js';
import { createTestApp, databaseKinds, type TestApp } from '../../testing/harness.js';
import { queryTokens } from './search-text.js';
import { QueryShapes } from '../../db/query-shapes.js';
import { EntryWords } from './entry-words.js';
import { planSearch } from './search-plan.js';
import {
  countCapped,
  isEntriesDriver,
  searchCardsCompiled,
  type Driver,
  type EntriesDriver,
  type GalleryFilter,
} from './search.repository.js';

/** The drivers search-plan.ts may name for a filter (each index only where the filter allows it). */
async function driversFor(f: GalleryFilter, sort: string, entryWords: EntryWords): Promise<(Driver | undefined)[]> {
  const cover = { airlineId: 'airline', airportId: 'airport', typeId: 'type', uploaderId: 'uploader' } as const;
  // Through the entries naming each word that few enough entries name (photos or not).
  // An entry every word's list holds is whole: its photos have no word probed.
  const lists = await Promise.all((f.tokens ?? []).map((t) => entryWords.of(t)));
  const keys = lists.map((l) => new Set((l ?? []).map((e) => `${e.kind}:${e.id}`)));
  const named: EntriesDriver[] = lists.flatMap((list, token) =>
    list ? [{ entries: list.map((e) => ({ ...e, whole: keys.every((k) => k.has(`${e.kind}:${e.id}`)) })), token }] : [],
  );
  return [
    ...named,
    undefined,
    'sort',
    'rows',
    { index: 'photos_gallery_id_idx' },
    ...(Object.keys(cover) as (keyof typeof cover)[])
      .filter((k) => f[k] !== undefined)
      .map((k) => ({ index: `photos_gallery_${cover[k]}_cover_idx` })),
    ...(f.featured ? [{ index: `photos_featured_${sort}_idx` }] : []),
    ...(f.from !== undefined || f.to !== undefined ? [{ index: 'photos_gallery_taken_cover_idx' }] : []),
  ];
}

// Issue 37: however the gallery's queries are shaped for speed (indexes walked or gathered, categories
// and words probed per photo, totals from counters), a search must find what the plain definition of
// it finds: every accepted photo whose facts pass each filter, in the sort's order (newest or most
// first, then by id). The gallery here is the bench's, smaller; the reference reads every accepted
// photo and its stored search document once and filters in JavaScript.

interface Row {
  id: number;
  decided_at: number;
  taken_on: string;
  views: number;
  likes: number;
  airline_id: number | null;
  airport_id: number | null;
  aircraft_type_id: number | null;
  uploader_id: number;
  registration_key: string;
  featured_at: number | null;
  categories: string;
  words: Set<string>;
}

const SORT = { accepted: 'decided_at', taken: 'taken_on', views: 'views', likes: 'likes' } as const;

function reference(rows: Row[], q: GalleryQuery): Row[] {
  const tokens = q.q ? queryTokens(q.q) : [];
  const reg = q.reg ? registrationKey(q.reg) : null;
  const found = rows.filter(
    (r) =>
      (q.airline === undefined || r.airline_id === q.airline) &&
      (q.airport === undefined || r.airport_id === q.airport) &&
      (q.type === undefined || r.aircraft_type_id === q.type) &&
      (q.user === undefined || r.uploader_id === q.user) &&
      (reg === null || r.registration_key === reg) &&
      (q.cat === undefined || (JSON.parse(r.categories) as string[]).includes(q.cat)) &&
      (q.featured !== '1' || r.featured_at !== null) &&
      (q.from === undefined || r.taken_on >= q.from) &&
      (q.to === undefined || r.taken_on <= q.to) &&
      tokens.every((t) => (t.prefix ? [...r.words].some((w) => w.startsWith(t.text)) : r.words.has(t.text))),
  );
  const column = SORT[q.sort];
  return found.sort((a, b) => (a[column] < b[column] ? 1 : a[column] > b[column] ? -1 : b.id - a.id));
}

/** Every filter kind alone and in pairs, words of every frequency (whole and as typed so far), date ranges, every sort. */
function queries(f: Filled, n: number): GalleryQuery[] {
  const rand = random(2037);
  const one = (): [string, string] => {
    switch (Math.floor(rand() * 10)) {
      case 0:
        return ['airline', String(pick(rand, f.airlines))];
      case 1:
        return ['airport', String(pick(rand, f.airports))];
      case 2:
        return ['type', String(pick(rand, f.types))];
      case 3:
        return ['user', String(pick(rand, f.users))];
      case 4:
        return ['cat', pick(rand, ['airliner', 'cargo', 'business', 'rotorcraft', 'military', 'museum'])];
      case 5:
        return ['featured', '1'];
      case 6:
        return ['reg', pick(rand, f.registrations)];
      case 7: {
        const w = pick(rand, rand() < 0.5 ? f.words : f.rareWords);
        // As typed so far: the start of a word.
        return ['q', rand() < 0.3 ? w.slice(0, 3) : w];
      }
      case 8: {
        const r = rand();
        // A registration, a photographer's name or an MSN (a photo's own words), or two names' words.
        if (r < 0.3) return ['q', pick(rand, f.registrations)];
        if (r < 0.45) return ['q', `拍机${Math.floor(rand() * 80)}号`];
        if (r < 0.55) return ['q', String(30000 + Math.floor(rand() * 3000)).slice(0, rand() < 0.5 ? 4 : 5)];
        return ['q', `${pick(rand, f.words)} ${pick(rand, f.words)}`];
      }
      default: {
        const year = 2016 + Math.floor(rand() * 10);
        return rand() < 0.5 ? ['from', `${year}-06-01`] : ['to', `${year}-03-31`];
      }
    }
  };
  return Array.from({ length: n }, () => {
    const params = new URLSearchParams();
    const filters = rand() < 0.1 ? 0 : rand() < 0.5 ? 1 : rand() < 0.8 ? 2 : 3;
    for (let i = 0; i < filters; i++) params.set(...one());
    params.set('sort', pick(rand, GALLERY_SORTS));
    params.set('limit', String(pick(rand, [5, 20, 40])));
    params.set('view', 'card');
    return galleryQuery.parse(Object.fromEntries(params));
  });
}

describe.each(databaseKinds())('gallery search against its plain definition (%s)', (kind) => {
  let t: TestApp;
  let rows: Row[];
  let pool: GalleryQuery[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    const filled = await fill(t.database, 3_000, 80);
    const db = t.database.db;
    const facts = await db
      .selectFrom('photos')
      .select([
        'id',
        'decided_at',
        'taken_on',
        'views',
        'likes',
        'airline_id',
        'airport_id',
        'aircraft_type_id',
        'uploader_id',
        'registration_key',
        'featured_at',
        'categories',
      ])
      .where('state', '=', 'accepted')
      .execute();
    const docs =
      kind === 'postgres'
        ? await sql<{
            id: number;
            doc: string;
          }>`select photo_id as id, array_to_string(tsvector_to_array(doc), ' ') as doc from photo_search`.execute(db)
        : await sql<{ id: number; doc: string }>`select rowid as id, doc from photo_search`.execute(db);
    const words = new Map(docs.rows.map((d) => [Number(d.id), new Set(d.doc.split(' '))]));
    rows = facts.map((r) => ({
      ...r,
      decided_at: Number(r.decided_at),
      featured_at: r.featured_at === null ? null : Number(r.featured_at),
      categories: typeof r.categories === 'string' ? r.categories : JSON.stringify(r.categories),
      words: words.get(r.id) ?? new Set(),
    })) as Row[];
    pool = queries(filled, 400);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('finds the same photos in the same order, page after page, with a true total', async () => {
    let nonEmpty = 0;
    for (const q of pool) {
      const expected = reference(rows, q).map((r) => r.id);
      if (expected.length > 0) nonEmpty++;
      let cursor: string | undefined;
      // The first page, then two more through the cursors handed out.
      for (let page = 0; page < 3; page++) {
        const answer = JSON.parse((await t.services.gallery.searchJson({ ...q, ...(cursor ? { cursor } : {}) })).toString()) as {
          items: { id: number }[];
          nextCursor: string | null;
          total: number;
          totalCapped: boolean;
        };
        const said = `${JSON.stringify(q)} page ${page + 1}`;
        const want = expected.slice(page * q.limit, (page + 1) * q.limit);
        expect(
          answer.items.map((i) => i.id),
          said,
        ).toEqual(want);
        expect(answer.nextCursor !== null, said).toBe(expected.length > (page + 1) * q.limit);
        if (page === 0) {
          if (answer.totalCapped) expect(expected.length, said).toBeGreaterThan(answer.total);
          else expect(answer.total, said).toBe(expected.length);
        }
        if (!answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
    }
    // The pool is worth its name: most searches find something.
    expect(nonEmpty).toBeGreaterThan(pool.length / 2);
  }, 300_000);

  it('takes the entries naming a word for much of the free text', async () => {
    const entryWords = new EntryWords(t.services.reference);
    const chosen = { entries: 0, text: 0 };
    for (const q of pool) {
      const filter = t.services.gallery.filterOf(q);
      if (!filter?.tokens) continue;
      chosen.text++;
      const plan = await planSearch(t.database.db, t.database.dialect, filter, q.sort, 1_000, entryWords);
      if (isEntriesDriver(plan.page.driver)) chosen.entries++;
    }
    expect(chosen.entries).toBeGreaterThan(chosen.text / 4);
  });

  it('does so in every shape a query takes: gathered, probed or walked, pages and counts', async () => {
    const db = t.database.db;
    const dialect = t.database.dialect;
    let withText = 0;
    let entryShapes = 0;
    const entryWords = new EntryWords(t.services.reference);
    // The pages' queries as the service runs them: compiled once per shape, each checked against a fresh build.
    const shapes = new QueryShapes(true);
    const cards = async (...args: Parameters<typeof searchCardsCompiled> extends [unknown, ...infer A] ? A : never) =>
      (await db.executeQuery(searchCardsCompiled(shapes, ...args))).rows;
    for (const q of pool) {
      const filter = t.services.gallery.filterOf(q);
      if (!filter) continue;
      const expected = reference(rows, q);
      if (filter.tokens) withText++;
      const column = SORT[q.sort];
      // The first page, and the one after the reference's own last photo of it.
      const after = expected[q.limit - 1];
      const afterKey = after ? { value: after[column], id: after.id } : null;
      // Every shape: categories and words gathered or probed, and on SQLite every driver the planner may
      // name for this filter (an index it walks or gathers from, or the photos by id).
      for (const probeCategory of [false, true]) {
        for (const probeText of [false, true]) {
          for (const driver of await driversFor(filter, q.sort, entryWords)) {
            if (isEntriesDriver(driver)) entryShapes++;
            const plan = { probeCategory, probeText, driver };
            const said = `${JSON.stringify(q)} ${JSON.stringify(plan)}`;
            const first = await cards(db, dialect, filter, q.sort, null, q.limit, plan);
            expect(
              first.map((r) => r.id),
              said,
            ).toEqual(expected.slice(0, q.limit + 1).map((r) => r.id));
            if (afterKey) {
              const second = await cards(db, dialect, filter, q.sort, afterKey, q.limit, plan);
              expect(
                second.map((r) => r.id),
                said,
              ).toEqual(expected.slice(q.limit, 2 * q.limit + 1).map((r) => r.id));
            }
            if (driver !== 'sort') {
              expect(await countCapped(db, dialect, filter, 10_000, plan), `${said} count`).toBe(expected.length);
            }
          }
        }
      }
    }
    expect(withText).toBeGreaterThan(50);
    expect(entryShapes).toBeGreaterThan(100);
    // Every shape, words and cursors too, is kept: none is built anew per query.
    expect(shapes.size.refused).toBe(0);
    expect(shapes.size.kept).toBeGreaterThan(100);
  }, 300_000);
});
