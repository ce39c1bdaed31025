// The gallery under load (issue 20): 100,000 accepted photos with a realistic spread, the real server
// process, and autocannon (50 connections, 10 s). Each case draws from a pool of thousands of distinct
// URLs, rotated so no two consecutive requests are alike — the honest figure, printed first — with the
// figure for one URL asked again and again (answered from the per-process cache) beside it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { GALLERY_SORTS } from '../contract/catalogues.js';
import { buildApp, buildServices } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { freshPostgresUrl } from '../server/src/testing/harness.js';
import { startServer, type RunningServer } from '../server/src/testing/process.js';
import { startLoad } from '../scripts/cluster.js';
import { fill, pick, random, type Filled } from '../server/src/testing/gallery-fill.js';

// BENCH_PHOTOS makes a smaller gallery for a quick look; the figures of the note are at 100,000.
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100_000);
const POOL = 6_000;

/** The goals of issue 20, printed beside the figures (never asserted). */
const GOALS = {
  gallery: { sqlite: [2_000, 50], postgres: [1_500, 50] },
  photo: { sqlite: [5_000, 30], postgres: [4_000, 30] },
  registration: { sqlite: [3_000, 40], postgres: [2_500, 40] },
} as const;
const LIST_ITEM_GOAL_BYTES = 450;
/** Issue 36: the HTML of /photo/{id} on SQLite at 100,000 photos. */
const HTML_PHOTO_GOAL = [1_000, 100] as const;

type Rand = () => number;

/** A registration as people type it: `B-1234`, `b1234`, `B1234`. */
function spelled(rand: Rand, reg: string): string {
  const r = rand();
  return r < 0.4 ? reg : r < 0.7 ? reg.replace('-', '').toLowerCase() : reg.replace('-', '');
}

/** Shuffled in place, so consecutive requests differ. */
function shuffle<T>(rand: Rand, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

/** One gallery query's parameters: every filter kind alone and in pairs, every sort. */
function galleryQuery(rand: Rand, f: Filled): URLSearchParams {
  const one = (): [string, string] => {
    switch (Math.floor(rand() * 8)) {
      case 0:
        return ['airline', String(pick(rand, f.airlines))];
      case 1:
        return ['airport', String(pick(rand, f.airports))];
      case 2:
        return ['type', String(pick(rand, f.types))];
      case 3:
        return ['user', String(pick(rand, f.users))];
      case 4:
        return ['cat', pick(rand, ['airliner', 'cargo', 'business', 'rotorcraft', 'military', 'museum', 'livery'])];
      case 5:
        return ['q', pick(rand, f.words)];
      case 6: {
        const year = 2017 + Math.floor(rand() * 9);
        return ['from', `${year}-0${1 + Math.floor(rand() * 9)}-01`];
      }
      default:
        return ['featured', '1'];
    }
  };
  const params = new URLSearchParams();
  const filters = rand() < 0.15 ? 0 : rand() < 0.55 ? 1 : 2;
  for (let i = 0; i < filters; i++) {
    const [k, v] = one();
    params.set(k, v);
  }
  params.set('sort', pick(rand, GALLERY_SORTS));
  params.set('limit', '40');
  // As the site asks: compact cards (the full items' size is measured beside).
  params.set('view', 'card');
  return params;
}

/**
 * The URL pools, made by an in-process app on the same database before the server process starts (so
 * its answer cache is cold): gallery pages 1–50 reached through the cursors the server hands out.
 */
async function pools(env: Record<string, string>, f: Filled) {
  const rand = random(7);
  const { app } = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { logger: false });
  try {
    const gallery = new Set<string>();
    let itemBytes = 0;
    let fullBytes = 0;
    let items = 0;
    // Deep pages: a reader scrolling on through 50 pages of a popular search.
    for (let walk = 0; walk < 60 && gallery.size < POOL / 2; walk++) {
      const params = galleryQuery(rand, f);
      for (let page = 0; page < 50; page++) {
        const url = `/api/v1/photos?${params}`;
        const res = await app.inject({ method: 'GET', url });
        const body = res.json<{ items: unknown[]; nextCursor: string | null }>();
        gallery.add(url);
        if (page === 0 && body.items.length > 0) {
          const full = await app.inject({ method: 'GET', url: url.replace('view=card', 'view=full') });
          itemBytes += Buffer.byteLength(JSON.stringify(body.items));
          fullBytes += Buffer.byteLength(JSON.stringify(full.json<{ items: unknown[] }>().items));
          items += body.items.length;
        }
        if (!body.nextCursor) break;
        params.set('cursor', body.nextCursor);
      }
    }
    // First pages of every kind of search.
    while (gallery.size < POOL) gallery.add(`/api/v1/photos?${galleryQuery(rand, f)}`);

    const photo = new Set<string>();
    const span = f.photoIds.max - f.photoIds.min + 1;
    while (photo.size < Math.min(POOL, span)) photo.add(`/api/v1/photos/${f.photoIds.min + Math.floor(rand() * span)}`);
    const airframe = new Set<string>();
    const airframes = f.airframeIds.max - f.airframeIds.min + 1;
    while (airframe.size < Math.min(POOL, airframes)) {
      airframe.add(`/api/v1/airframes/${f.airframeIds.min + Math.floor(rand() * airframes)}`);
    }
    const registration = new Set<string>();
    for (const reg of shuffle(rand, [...f.registrations])) {
      if (registration.size >= POOL) break;
      registration.add(`/api/v1/photos?reg=${encodeURIComponent(spelled(rand, reg))}&limit=40&view=card`);
    }
    const member = new Set<string>();
    for (const id of shuffle(rand, [...f.users])) {
      member.add(`/api/v1/users/${id}`);
      if (member.size >= POOL / 2) break;
    }
    for (const id of shuffle(rand, [...f.users])) {
      member.add(`/api/v1/users/${id}/photos?limit=40&view=card`);
      if (member.size >= POOL) break;
    }
    // Flight trackers (issue 39): an aircraft's Mode S address (every airframe has one, below), an address no
    // aircraft keeps with the registration the tracker knows, and a registration.
    const tracker = new Set<string>();
    while (tracker.size < POOL) {
      const r = rand();
      const airframeId = f.airframeIds.min + Math.floor(rand() * airframes);
      const reg = encodeURIComponent(spelled(rand, pick(rand, f.registrations)));
      tracker.add(
        r < 0.6
          ? `/api/v1/public/photos/hex/${modeSOfBench(airframeId)}`
          : r < 0.8
            ? `/api/v1/public/photos/hex/${(0x7c0000 + Math.floor(rand() * 0x3ffff)).toString(16)}?reg=${reg}&icaoType=A320`
            : `/api/v1/public/photos/reg/${reg}`,
      );
    }
    // Fleets (issue 39): every airline's and type's, whole and 还没有照片, the largest ones most often.
    const fleet: string[] = [];
    for (const [kind, list] of [
      ['airlines', f.airlines],
      ['aircraft-types', f.types],
    ] as const) {
      for (const id of list) {
        for (const q of ['', '?missing=1']) fleet.push(`/api/v1/${kind}/${id}/fleet${q}`);
      }
    }
    const fleetSizes = await Promise.all(
      f.airlines
        .slice(0, 5)
        .map(
          async (id) =>
            (await app.inject({ method: 'GET', url: `/api/v1/airlines/${id}/fleet` })).json<{ total: number }>().total,
        ),
    );
    return {
      tracker: shuffle(rand, [...tracker]),
      fleet: shuffle(rand, fleet),
      largestFleet: Math.max(0, ...fleetSizes),
      gallery: shuffle(rand, [...gallery]),
      photo: shuffle(rand, [...photo]),
      airframe: shuffle(rand, [...airframe]),
      registration: shuffle(rand, [...registration]),
      member: shuffle(rand, [...member]),
      listItemBytes: items ? Math.round(itemBytes / items) : 0,
      fullItemBytes: items ? Math.round(fullBytes / items) : 0,
    };
  } finally {
    await app.close();
  }
}

async function load(base: string, paths: string[], headers: Record<string, string> = {}, addresses = 0) {
  const r = await startLoad(base, paths, 50, 10, headers, addresses).done;
  return {
    text: `${r.requests.average.toFixed(0).padStart(6)} req/s  p99 ${String(r.latency.p99).padStart(4)} ms`,
    failed: r.errors + r.non2xx,
    rps: r.requests.average,
    p99: r.latency.p99,
  };
}

/** The bench's Mode S address of an airframe: China's block, by id. */
const modeSOfBench = (airframeId: number) => (0x780000 + (airframeId % 0x40000)).toString(16);

/** The search page a gallery API URL is the data of: the same parameters, as the site's own address. */
function searchPageOf(apiUrl: string): string {
  const params = new URLSearchParams(apiUrl.slice(apiUrl.indexOf('?') + 1));
  params.delete('limit');
  params.delete('view');
  return `/search?${params}`;
}

/**
 * Issue 36: the public pages as HTML rendered on the server, from the same pools of distinct ids and
 * searches, beside the JSON the browser would otherwise ask for. A rendered page is sent whole (its
 * ETag is its hash), so the latency is also its time to first byte.
 */
async function benchHtml(base: string, kind: 'sqlite' | 'postgres', pool: Awaited<ReturnType<typeof pools>>) {
  const cases = [
    ['/photo/{id}', pool.photo.map((p) => p.replace('/api/v1/photos/', '/photo/')), pool.photo],
    ['/search?…', pool.gallery.map(searchPageOf), pool.gallery],
    ['/airframe/{id}', pool.airframe.map((p) => p.replace('/api/v1/airframes/', '/airframe/')), pool.airframe],
  ] as const;
  console.log(
    `  ${'HTML rendered on the server'.padEnd(34)} ${'HTML, distinct URLs (honest)'.padEnd(38)} the JSON of the same pages`,
  );
  for (const [name, pages, json] of cases) {
    const html = await load(base, [...pages], { 'accept-encoding': 'br' });
    const api = await load(base, [...json], { 'accept-encoding': 'br' });
    const goal = name === '/photo/{id}' && kind === 'sqlite' ? HTML_PHOTO_GOAL : null;
    const verdict = goal
      ? `  goal ≥ ${goal[0].toLocaleString('en')} req/s, p99 ≤ ${goal[1]} ms: ${html.rps >= goal[0] && html.p99 <= goal[1] ? 'met' : 'missed'}`
      : '';
    const failed = html.failed + api.failed ? `  (${html.failed + api.failed} failed)` : '';
    console.log(
      `  ${`${name} (${pages.length.toLocaleString('en')})`.padEnd(34)} ${html.text.padEnd(38)} ${api.text}${verdict}${failed}`,
    );
  }
}

/** The environment of a server the benches load: production, on `dataDir` (and PostgreSQL when given). */
export function benchServerEnv(dataDir: string, databaseUrl: string | null): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // As deployed (deploy/contrail.env.example): React renders pages in its production build.
    NODE_ENV: 'production',
    // One load generator is one address: the per-address ceiling (1,200 a minute) would answer 429.
    REQUESTS_PER_MINUTE: '100000000',
    // The trackers' case sends each request from one of many addresses, as X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** Runs the gallery load on SQLite, and on PostgreSQL when `pgAdminUrl` is given. */
export async function benchGallery(pgAdminUrl: string | null): Promise<void> {
  // freshPostgresUrl makes its database on the server TEST_DATABASE_URL names.
  if (pgAdminUrl) process.env.TEST_DATABASE_URL ??= pgAdminUrl;
  for (const kind of pgAdminUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-bench-gallery-'));
    const pgDb = kind === 'postgres' ? await freshPostgresUrl() : null;
    const env = benchServerEnv(dataDir, pgDb?.url ?? null);
    let server: RunningServer | null = null;
    try {
      const started = Date.now();
      // The fill's statements over every photo run minutes on PostgreSQL: its own, generous limit.
      const { database, services } = await buildServices(loadConfig({ ...env, DB_TIMEOUT_SECONDS: '600' }));
      const { filled, screenerToken } = await (async () => {
        const filled = await fill(database, PHOTOS);
        // Every airframe keeps a Mode S address, as screeners and members give them (the trackers' case).
        const hex =
          kind === 'postgres'
            ? sql`lpad(to_hex(${0x780000} + id % ${0x40000}), 6, '0')`
            : sql`printf('%06x', ${0x780000} + id % ${0x40000})`;
        await sql`update airframes set mode_s = ${hex}`.execute(database.db);
        // What each airframe keeps of its photos for the fleets (as on a site, from its newest photo): the fill
        // writes airframes directly, so they are set here the way migrations 2026-11-29-03 and 2026-11-30-03 fill them.
        await sql`update airframes set
            registration = (select p.registration from photos p where p.airframe_id = airframes.id
              and p.state = 'accepted' order by p.taken_on desc, p.id desc limit 1),
            airline_id = (select p.airline_id from photos p where p.airframe_id = airframes.id
              and p.state = 'accepted' and p.airline_id is not null order by p.taken_on desc, p.id desc limit 1),
            photo_count = (select count(*) from photos p where p.airframe_id = airframes.id and p.state = 'accepted'),
            first_taken_on = (select min(p.taken_on) from photos p where p.airframe_id = airframes.id and p.state = 'accepted'),
            last_taken_on = (select max(p.taken_on) from photos p where p.airframe_id = airframes.id and p.state = 'accepted')`.execute(
          database.db,
        );
        // The largest airline operates 1,000 aircraft (issue 39 measures a fleet page of that size), as the
        // largest Chinese airlines do: it takes over the first thousand airframes.
        await sql`update airframes set airline_id = ${filled.airlines[0]!}
            where id in (select id from airframes order by id limit 1000)`.execute(database.db);
        // The home page asks for the current NOTAM on every visit; screeners open the dashboard.
        const admin = await services.accounts.createUser({
          email: 'bench-admin@example.com',
          username: 'bench-admin',
          password: 'bench-pass-1',
          level: 3,
        });
        await services.notams.create(
          { id: admin.id, username: 'bench-admin', level: 3, sessionId: 0 },
          { title: '跑道关闭', content: '今晚 18L 关闭维护。', published: true, startsAt: null, endsAt: null },
        );
        const session = await services.sessions.login('bench-admin@example.com', 'bench-pass-1', '127.0.0.1');
        return { filled, screenerToken: session.token };
      })().finally(() => database.destroy());
      const pool = await pools(env, filled);
      console.log(
        `gallery on ${kind}: ${PHOTOS.toLocaleString('en')} accepted photos, ${filled.registrations.length.toLocaleString('en')} ` +
          `distinct registrations, ${filled.users.length.toLocaleString('en')} photographers, filled in ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
          `50 connections × 10 s against the server process, the load generator on this machine too`,
      );
      server = await startServer(() => env);
      const base = server.url;
      const s = filled.sample;
      const health = await load(base, ['/api/v1/health']);
      console.log(`  ${'GET /health (same server)'.padEnd(34)} ${health.text}`);
      console.log(`  ${''.padEnd(34)} ${'distinct URLs, rotated (honest)'.padEnd(38)} one URL again and again (cached)`);
      const cases = [
        ['gallery list, mixed filters, pages', 'gallery', pool.gallery, '/api/v1/photos?limit=40&view=card'],
        ['photo by random id', 'photo', pool.photo, `/api/v1/photos/${s.id}`],
        // Issue 22's goal: an aircraft's page as fast as a photo by id.
        ['airframe page by random id', 'photo', pool.airframe, `/api/v1/airframes/${filled.airframeIds.min}`],
        [
          'registration search, random',
          'registration',
          pool.registration,
          `/api/v1/photos?reg=${encodeURIComponent(s.reg)}&limit=40&view=card`,
        ],
        ['member pages, random', null, pool.member, `/api/v1/users/${s.user}`],
        // From 5,000 addresses, as many trackers: the open API's quota is 60 a minute per address.
        ['trackers: hex and reg, random', null, pool.tracker, pool.tracker[0]!],
        // The largest airline's fleet, again and again, beside every airline's and type's.
        ['fleets, airlines and types', null, pool.fleet, `/api/v1/airlines/${filled.airlines[0]}/fleet`],
      ] as const;
      for (const [name, goalKey, paths, one] of cases) {
        const addresses = paths === pool.tracker ? 5_000 : 0;
        const distinct = await load(base, paths, {}, addresses);
        const same = await load(base, [one], {}, addresses);
        const goal = goalKey ? GOALS[goalKey][kind] : null;
        const verdict = goal
          ? `  goal ≥ ${goal[0].toLocaleString('en')} req/s, p99 ≤ ${goal[1]} ms: ${distinct.rps >= goal[0] && distinct.p99 <= goal[1] ? 'met' : 'missed'}`
          : '';
        const failed = distinct.failed + same.failed ? `  (${distinct.failed + same.failed} failed)` : '';
        console.log(
          `  ${`${name} (${paths.length.toLocaleString('en')})`.padEnd(34)} ${distinct.text.padEnd(38)} ${same.text}${verdict}${failed}`,
        );
      }
      console.log(`  (the largest airline fleet of the pool: ${pool.largestFleet.toLocaleString('en')} aircraft)`);
      if (fs.existsSync('dist/ssr/render.js')) await benchHtml(base, kind, pool);
      const notams = await load(base, ['/api/v1/notams/current']);
      console.log(`  ${'GET /notams/current (each home visit)'.padEnd(34)} ${notams.text}`);
      const summary = await load(base, ['/api/v1/manage/summary'], { authorization: `Bearer ${screenerToken}` });
      console.log(`  ${'GET /manage/summary (dashboard)'.padEnd(34)} ${summary.text}`);
      console.log(
        `  list item size: ${pool.listItemBytes} bytes of JSON as a card (view=card, as the site asks; goal ≤ ${LIST_ITEM_GOAL_BYTES}: ` +
          `${pool.listItemBytes <= LIST_ITEM_GOAL_BYTES ? 'met' : 'missed'}); ${pool.fullItemBytes} bytes as a full photo (view=full, the default)`,
      );
    } finally {
      await server?.stop();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
