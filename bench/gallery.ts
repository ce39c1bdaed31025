// The gallery under load (issue 10): 100,000 accepted photos with a realistic spread, the real server
// process, and autocannon (50 connections, 10 s) on GET /photos four ways, next to /health.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildServices } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import type { DatabaseHandle } from '../server/src/db/database.js';
import type { NewPhoto } from '../server/src/db/schema.js';
import { documentTokens } from '../server/src/modules/gallery/search-text.js';
import { importReferenceData } from '../server/src/modules/reference/reference.import.js';
import { freshPostgresUrl } from '../server/src/testing/harness.js';
import { startServer, type RunningServer } from '../server/src/testing/process.js';
import { toJson } from '../server/src/db/json.js';

const PHOTOS = 100_000;
const CATEGORIES = ['airliner', 'cargo', 'business', 'night', 'livery', 'airport'];

/** A small deterministic generator, so every run fills the same gallery. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}
/** Skewed picks: a few airlines, airports, types and photographers have most of the photos. */
const skewed = (rand: () => number, n: number) => Math.min(n - 1, Math.floor(n * rand() ** 3));

export async function fill(
  database: DatabaseHandle,
  photos = PHOTOS,
): Promise<{ reg: string; airline: number; airport: number }> {
  const db = database.db;
  await importReferenceData(db, Date.now());
  const rand = random(42);
  const ids = async (table: 'airports' | 'airlines' | 'aircraft_types', chinaFirst: boolean) => {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'search_text'])
      .where('status', '=', 'available')
      .$if(chinaFirst, (q) => q.orderBy(sql`case when search_text like '%china%' then 0 else 1 end`))
      .orderBy('id')
      .limit(table === 'aircraft_types' ? 100 : 400)
      .execute();
    return rows;
  };
  const [airports, airlines, types] = await Promise.all([
    ids('airports', true),
    ids('airlines', true),
    ids('aircraft_types', false),
  ]);
  const now = Date.now();
  const users: { id: number; username: string }[] = [];
  for (let i = 0; i < 500; i += 100) {
    const batch = Array.from({ length: 100 }, (_, j) => ({
      email: `p${i + j}@bench.invalid`,
      username: `拍机${i + j}号`,
      username_key: `拍机${i + j}号`,
      password_hash: 'x',
      level: 0,
      status: 'active' as const,
      settings: toJson({}),
      created_at: now,
    }));
    users.push(...(await db.insertInto('users').values(batch).returning(['id', 'username']).execute()));
  }
  const texts = new Map<string, string>();
  for (const r of [...airports, ...airlines, ...types]) texts.set(`${r.id}`, r.search_text);
  const exif = toJson({
    camera: 'Canon EOS R5',
    lens: null,
    focalLength: 400,
    aperture: 8,
    shutter: '1/1000',
    iso: 200,
    takenAt: null,
  });
  const checks = toJson({
    sharpness: 120,
    clippedHighlights: 0,
    clippedShadows: 0,
    colorCast: { red: 0, blue: 0 },
    tiltDegrees: null,
    duplicates: [],
    advice: [],
  });
  const renditions = toJson([2560, 1280, 640, 320].map((edge) => ({ edge, width: edge, height: Math.round((edge * 2) / 3) })));
  let sample = { reg: '', airline: 0, airport: 0 };
  for (let i = 0; i < photos; i += 1000) {
    const rows: NewPhoto[] = [];
    const docs: { doc: string; categories: string[] }[] = [];
    for (let j = 0; j < 1000; j++) {
      const n = i + j;
      const airline = airlines[skewed(rand, airlines.length)]!;
      const airport = airports[skewed(rand, airports.length)]!;
      const type = types[skewed(rand, types.length)]!;
      const user = users[skewed(rand, users.length)]!;
      const registration = `B-${String(1000 + skewed(rand, 20_000)).padStart(4, '0')}`;
      const categories = [CATEGORIES[skewed(rand, CATEGORIES.length)]!];
      if (n === 500) sample = { reg: registration, airline: airline.id, airport: airport.id };
      rows.push({
        uploader_id: user.id,
        state: 'accepted',
        queue: 'normal',
        registration,
        registration_key: registration.replace('-', ''),
        msn: String(30000 + n),
        aircraft_type_id: type.id,
        airline_id: airline.id,
        airport_id: airport.id,
        in_flight: 0,
        taken_on: new Date(now - Math.floor(rand() * 3650) * 86_400_000).toISOString().slice(0, 10),
        categories: toJson(categories),
        remark: null,
        message_to_screener: null,
        watermark: null,
        width: 2560,
        height: 1707,
        bytes: 3_000_000,
        sha256: 'f'.repeat(64),
        phash: '0123456789abcdef',
        thumbhash: '3OcRJYB4d3h/iIeHeEh3eIhw+j2w',
        exif,
        checks,
        original_key: null,
        rendition_hash: 'bench0000000000000000'.slice(0, 20),
        renditions,
        views: Math.floor(rand() * 5000),
        likes: Math.floor(rand() * 200),
        featured_at: rand() < 0.01 ? now : null,
        created_at: now - (photos - n) * 60_000,
        updated_at: now,
        decided_at: now - (photos - n) * 60_000 + 30_000,
      });
      docs.push({
        doc: documentTokens(
          [
            registration,
            String(30000 + n),
            texts.get(`${type.id}`),
            texts.get(`${airline.id}`),
            texts.get(`${airport.id}`),
            user.username,
          ],
          [registration],
        ),
        categories,
      });
    }
    await db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('photos').values(rows).returning('id').execute();
      const pairs = inserted.map((r, k) => ({ id: r.id, ...docs[k]! }));
      if (database.dialect === 'postgres') {
        await sql`insert into photo_search (photo_id, doc)
          select id, to_tsvector('simple', doc) from unnest(${pairs.map((p) => p.id)}::int[], ${pairs.map((p) => p.doc)}::text[]) as t(id, doc)`.execute(
          trx,
        );
      } else {
        for (let k = 0; k < pairs.length; k += 200) {
          const part = pairs.slice(k, k + 200);
          await sql`insert into photo_search (rowid, doc) values ${sql.join(part.map((p) => sql`(${p.id}, ${p.doc})`))}`.execute(
            trx,
          );
        }
      }
      await trx
        .insertInto('photo_categories')
        .values(pairs.flatMap((p) => p.categories.map((category) => ({ photo_id: p.id, category }))))
        .execute();
    });
  }
  await sql`analyze`.execute(db);
  return sample;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, headers, connections: 50, duration: 10, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Runs the gallery load on SQLite, and on PostgreSQL when `pgAdminUrl` is given. */
export async function benchGallery(pgAdminUrl: string | null): Promise<void> {
  for (const kind of pgAdminUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-bench-gallery-'));
    const pgDb = kind === 'postgres' ? await freshPostgresUrl() : null;
    // One load generator is one address: the per-address ceiling (1,200 a minute) would answer 429.
    const env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REQUESTS_PER_MINUTE: '100000000',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    };
    let server: RunningServer | null = null;
    try {
      const started = Date.now();
      const { database, services } = await buildServices(loadConfig(env));
      const { sample, screenerToken } = await (async () => {
        const sample = await fill(database);
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
        return { sample, screenerToken: session.token };
      })().finally(() => database.destroy());
      console.log(
        `gallery on ${kind}: ${PHOTOS.toLocaleString('en')} accepted photos filled in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      server = await startServer(() => env);
      const base = `${server.url}/api/v1`;
      const cases: [string, string][] = [
        ['GET /health', `${base}/health`],
        ['GET /photos?limit=40', `${base}/photos?limit=40`],
        [`registration (reg=${sample.reg})`, `${base}/photos?reg=${encodeURIComponent(sample.reg)}&limit=40`],
        ['filtered (airline + airport)', `${base}/photos?airline=${sample.airline}&airport=${sample.airport}&limit=40`],
        ['free text (q=国航 A320)', `${base}/photos?q=${encodeURIComponent('国航 A320')}&limit=40`],
        ['GET /notams/current (home, each visit)', `${base}/notams/current`],
        ['GET /manage/summary (dashboard, auth)', `${base}/manage/summary`],
      ];
      const headers = { authorization: `Bearer ${screenerToken}` };
      for (const [name, url] of cases) {
        const r = await load(url, url.endsWith('/manage/summary') ? headers : {});
        console.log(
          `  ${name.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s  p99 ${String(r.p99).padStart(4)} ms${r.errors ? `  (${r.errors} errors)` : ''}`,
        );
      }
    } finally {
      await server?.stop();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
