// The URLs the gallery bench (gallery-scale.ts) asks, distinct, as people search: one filter, two filters,
// free text of every frequency, deep cursor pages and date ranges, drawn from the filled gallery's facts.
import { GALLERY_SORTS } from '../contract/catalogues.js';
import type { openDatabase } from '../server/src/db/database.js';
import { encodeCursor } from '../server/src/modules/gallery/search-cursor.js';
import { pick, random, type Filled } from '../server/src/testing/gallery-fill.js';

export const CASES = ['one filter', 'two filters', 'text', 'deep pages', 'date ranges'] as const;
export type Case = (typeof CASES)[number];
/** Distinct URLs a case asks. */
export const POOL = 1_000;

type Rand = () => number;

function oneFilter(rand: Rand, f: Filled, not?: string): [string, string] {
  const ids = { airline: f.airlines, airport: f.airports, type: f.types, user: f.users };
  for (;;) {
    const kind = pick(rand, ['airline', 'airport', 'type', 'user', 'cat', 'featured', 'reg'] as const);
    if (kind === not) continue;
    if (kind === 'cat')
      return ['cat', pick(rand, ['airliner', 'cargo', 'business', 'rotorcraft', 'military', 'museum', 'livery'])];
    if (kind === 'featured') return ['featured', '1'];
    if (kind === 'reg') return ['reg', pick(rand, f.registrations)];
    return [kind, String(pick(rand, ids[kind]))];
  }
}

/** A word as people search: common names, rarer ones, a registration, an MSN, a photographer's name. */
function word(rand: Rand, f: Filled): string {
  const r = rand();
  if (r < 0.4) return pick(rand, f.words);
  if (r < 0.7) return pick(rand, f.rareWords);
  if (r < 0.85) return pick(rand, f.registrations);
  if (r < 0.93) return String(30000 + Math.floor(rand() * (f.photoIds.max - f.photoIds.min)));
  return `拍机${Math.floor(rand() * 5000)}号`;
}

function dateRange(rand: Rand): [string, string] {
  const start = Date.UTC(2016, 0, 1) + Math.floor(rand() * 3650) * 86_400_000;
  const end = start + (30 + Math.floor(rand() * 500)) * 86_400_000;
  return [new Date(start).toISOString().slice(0, 10), new Date(end).toISOString().slice(0, 10)];
}

/** Distinct URLs of each case, the same kinds at every size (the same seed). */
export async function casePools(database: ReturnType<typeof openDatabase>, f: Filled): Promise<Record<Case, string[]>> {
  const rand = random(37);
  // Deep pages start after a random photo's place in the sort: a reader far down a long list.
  const span = f.photoIds.max - f.photoIds.min + 1;
  const marks = await database.db
    .selectFrom('photos')
    .select(['id', 'decided_at', 'taken_on', 'views', 'likes'])
    .where(
      'id',
      'in',
      Array.from({ length: 2_000 }, () => f.photoIds.min + Math.floor(rand() * span)),
    )
    .execute();
  const url = (params: [string, string][]) => {
    const p = new URLSearchParams(params);
    p.set('sort', pick(rand, GALLERY_SORTS));
    p.set('limit', '40');
    p.set('view', 'card');
    return `/api/v1/photos?${p}`;
  };
  const make = (one: () => string) => {
    const out = new Set<string>();
    while (out.size < POOL) out.add(one());
    return [...out];
  };
  return {
    'one filter': make(() => url([oneFilter(rand, f)])),
    'two filters': make(() => {
      const a = oneFilter(rand, f);
      return url([a, oneFilter(rand, f, a[0])]);
    }),
    text: make(() => url(rand() < 0.7 ? [['q', word(rand, f)]] : [['q', word(rand, f)], oneFilter(rand, f)])),
    'deep pages': make(() => {
      const params: [string, string][] = rand() < 0.3 ? [] : rand() < 0.6 ? [oneFilter(rand, f)] : [['q', pick(rand, f.words)]];
      const u = new URL(url(params), 'http://x');
      const sort = u.searchParams.get('sort')!;
      const m = pick(rand, marks);
      const value = sort === 'taken' ? m.taken_on : sort === 'views' ? m.views : sort === 'likes' ? m.likes : m.decided_at!;
      u.searchParams.set('cursor', encodeCursor(value, m.id));
      return `${u.pathname}${u.search}`;
    }),
    'date ranges': make(() => {
      const [from, to] = dateRange(rand);
      const r = rand();
      const extra: [string, string][] = r < 0.25 ? [] : r < 0.75 ? [oneFilter(rand, f)] : [['q', word(rand, f)]];
      return url([['from', from], ['to', to], ...extra]);
    }),
  };
}
