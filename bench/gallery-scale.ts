// The gallery at two sizes (issue 37): `npm run bench -- gallery --photos 1000000` fills 100,000 and then
// N accepted photos, on SQLite and PostgreSQL, and runs the same kinds of distinct URLs at each: one
// filter, two filters, free text of every frequency, deep cursor pages and date ranges. Each case is
// measured three ways: the real server process under autocannon, a minimal server (bench/minimal-server.ts)
// answering the same URLs with the SQL the real one ran for them, and that SQL alone, one URL at a time.
// The growth ratio N ÷ 100k of each case and every goal of the issue are printed at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { GALLERY_SORTS } from '../contract/catalogues.js';
import { galleryQuery } from '../contract/gallery.js';
import { buildServices } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/database.js';
import { bumpGalleryVersion } from '../server/src/modules/gallery/search-index.repository.js';
import { encodeCursor } from '../server/src/modules/gallery/search-cursor.js';
import { freshPostgresUrl } from '../server/src/testing/harness.js';
import { startServer } from '../server/src/testing/process.js';
import { fill, pick, random, type Filled } from '../server/src/testing/gallery-fill.js';
import { benchServerEnv } from './gallery.js';
import { scaleReport, type SizeFigures } from './gallery-scale-report.js';
import { startMinimal, type Statement, postgresRunner, sqliteRunner } from './minimal-server.js';
import { startLoad } from '../scripts/cluster.js';

export const CASES = ['one filter', 'two filters', 'text', 'deep pages', 'date ranges'] as const;
export type Case = (typeof CASES)[number];
const POOL = 1_000;
/** A statement that only reads. */
const READ = /^\s*\(?\s*(select|with)\b/i;
/** URLs of each case run one at a time for the SQL's own cost. */
const SERIAL = 300;

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

/** A size of gallery on one database: filled, its URLs' SQL kept, then measured. */
async function measureSize(kind: 'sqlite' | 'postgres', photos: number, allWorkers: boolean): Promise<SizeFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-bench-scale-'));
  const pgDb = kind === 'postgres' ? await freshPostgresUrl() : null;
  const env = benchServerEnv(dataDir, pgDb?.url ?? null);
  const config = loadConfig(env);
  let capturing: Statement[] | null = null;
  const database = openDatabase({
    ...config,
    // The fill's statements over every photo run minutes on PostgreSQL.
    dbTimeoutMs: 900_000,
    log: (e) => {
      // Every read the real server makes for the URL (the page, its totals, the 首张 and members' lookups),
      // never a write such as the flush of view counts.
      if (capturing && e.level === 'query' && READ.test(e.query.sql)) {
        capturing.push({ sql: e.query.sql, parameters: [...e.query.parameters] });
      }
    },
  });
  const runners: { close(): Promise<void> }[] = [];
  try {
    const started = Date.now();
    const { services } = await buildServices(config, { database });
    if (kind === 'postgres') await sql`set statement_timeout = 0`.execute(database.db);
    const filled = await fill(database, photos);
    const fillSeconds = (Date.now() - started) / 1000;
    const pools = await casePools(database, filled);
    // Each URL's SQL as the real server runs it under the load: its answer cache cold (the version moves
    // before each URL), the process's lookups (reference names, entries' words) warm from a first pass.
    const routes: Record<string, Statement[]> = {};
    const capture = async (u: string, run: () => Promise<unknown>) => {
      await bumpGalleryVersion(database.db);
      services.gallery.changed();
      capturing = [];
      await run();
      routes[u] = capturing;
      capturing = null;
    };
    const photoRand = random(5);
    const photoPool = Array.from(
      { length: POOL },
      () => `/api/v1/photos/${filled.photoIds.min + Math.floor(photoRand() * (filled.photoIds.max - filled.photoIds.min))}`,
    );
    const answer = (u: string) =>
      u.startsWith('/api/v1/photos/')
        ? services.photos.open(Number(u.split('/').pop()), null)
        : services.gallery.searchJson(galleryQuery.parse(Object.fromEntries(new URL(u, 'http://x').searchParams)));
    const every = [...CASES.flatMap((c) => pools[c]), ...photoPool];
    for (const u of every) await answer(u);
    for (const u of every) await capture(u, () => answer(u));
    const duplicateMs = await duplicateCheck(services.uploads, filled.users[0]!);
    await database.destroy();

    // The SQL alone, one URL at a time, on the driver the minimal server uses.
    const runner = pgDb ? postgresRunner(pgDb.url, 1) : sqliteRunner(dataDir);
    runners.push(runner);
    const serial: SizeFigures['serial'] = {} as SizeFigures['serial'];
    for (const c of CASES) {
      const times: number[] = [];
      for (const u of pools[c].slice(0, SERIAL)) {
        const t = process.hrtime.bigint();
        await runner.run(routes[u]!);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      const slowest = times
        .map((ms, i) => ({ ms, url: pools[c][i]! }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3);
      serial[c] = { mean: times.reduce((a, b) => a + b, 0) / times.length, worst: Math.max(...times), slowest };
    }

    const routesFile = path.join(dataDir, 'minimal-routes.json');
    fs.writeFileSync(routesFile, JSON.stringify({ dataDir, databaseUrl: pgDb?.url ?? null, routes }));
    const real = await startServer(() => env, undefined, { captureOutput: true });
    const minimal = await startMinimal(routesFile);
    try {
      const alike = await compareAnswers(real.url, minimal.url, pools);
      const load = async (base: string, paths: string[]) => {
        const r = await startLoad(base, paths, 50, 10).done;
        return { rps: r.requests.average, p99: r.latency.p99, failed: r.errors + r.non2xx };
      };
      // A process just started compiles its code and reads its lookups in its first seconds: each server
      // is warmed with every case's URLs first. The answer cache keeps 500 answers, fewer than a case's
      // 1,000 URLs asked in turn, so the warming leaves no answer to be found again.
      const warm = (base: string) => startLoad(base, every, 50, 3).done;
      await warm(real.url);
      await warm(minimal.url);
      const throughput: SizeFigures['throughput'] = {} as SizeFigures['throughput'];
      for (const c of [...CASES, 'photo by id'] as const) {
        const paths = c === 'photo by id' ? photoPool : pools[c];
        throughput[c] = { real: await load(real.url, paths), minimal: await load(minimal.url, paths) };
      }
      await real.stop();
      let workers: SizeFigures['allWorkers'] = null;
      if (allWorkers) {
        const n = os.availableParallelism();
        const many = await startServer(() => ({ ...env, WORKERS: String(n) }), undefined, { captureOutput: true });
        try {
          await warm(many.url);
          workers = {
            workers: n,
            ...(await load(
              many.url,
              CASES.flatMap((c) => pools[c]),
            )),
          };
        } finally {
          await many.stop();
        }
      }
      return { kind, photos, fillSeconds, serial, throughput, duplicateMs, alike, allWorkers: workers };
    } finally {
      await real.stop();
      await minimal.stop();
    }
  } finally {
    for (const r of runners) await r.close();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The upload's look-alike check (median ms of 200), for hashes near the gallery's and far from it. */
async function duplicateCheck(
  uploads: Awaited<ReturnType<typeof buildServices>>['services']['uploads'],
  userId: number,
): Promise<number> {
  const rand = random(11);
  const user = { id: userId, username: 'bench', level: 0, sessionId: 0 };
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const phash = Array.from({ length: 16 }, () => Math.floor(rand() * 16).toString(16)).join('');
    const t = process.hrtime.bigint();
    await uploads.findDuplicates(user, phash);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return times.sort((a, b) => a - b)[100]!;
}

/** Asks both servers the first URLs of each case: the real answer's photos must be a statement's rows, in order. */
async function compareAnswers(realUrl: string, minimalUrl: string, pools: Record<Case, string[]>) {
  let same = 0;
  let asked = 0;
  for (const c of CASES) {
    for (const u of pools[c].slice(0, 20)) {
      asked++;
      const real = (await (await fetch(realUrl + u)).json()) as { items: { id: number }[] };
      const rows = (await (await fetch(minimalUrl + u)).json()) as { id?: number }[][];
      const ids = JSON.stringify(real.items.map((i) => i.id));
      if (rows.some((r) => JSON.stringify(r.slice(0, real.items.length).map((x) => x.id)) === ids)) same++;
    }
  }
  return { same, asked };
}

export async function benchGalleryScale(pgAdminUrl: string | null, photos: number): Promise<void> {
  if (pgAdminUrl) process.env.TEST_DATABASE_URL ??= pgAdminUrl;
  // BENCH_DATABASES=sqlite (or postgres) runs one of them, for a quicker look.
  const only = process.env.BENCH_DATABASES;
  for (const kind of pgAdminUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
    if (only && !only.split(',').includes(kind)) continue;
    // BENCH_PHOTOS makes the smaller gallery smaller, for a quick look; the figures are at 100,000.
    const small = await measureSize(kind, Number(process.env.BENCH_PHOTOS ?? 100_000), kind === 'sqlite');
    const large = await measureSize(kind, photos, false);
    console.log(scaleReport(small, large));
  }
}
