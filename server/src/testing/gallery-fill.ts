// A gallery of accepted photos with a realistic spread, for the benches and the search's reference
// test: a few airlines, airports, types and photographers have most of the photos; ~28k distinct
// registrations at 100k photos, some photographed hundreds of times, most a few times.
import { sql } from 'kysely';
import { CATEGORY_CODES } from '../../../contract/catalogues.js';
import { registrationKey } from '../../../contract/photos.js';
import { SQLITE_CACHE_PRAGMA, type DatabaseHandle } from '../db/database.js';
import { toJson } from '../db/json.js';
import type { NewPhoto } from '../db/schema.js';
import { documentTokens } from '../modules/gallery/search-text.js';
import { KINDS, type KindTypes } from '../modules/reference/kinds.js';
import { lastImport } from '../modules/reference/reference-import.repository.js';
import type { RefKind } from '../modules/reference/reference.repository.js';
import { importReferenceData } from '../modules/reference/reference.import.js';
import { CLEAN_CHECKS } from './photos.js';
import { hex, random, setIndexesAside, skewed } from './bulk-load.js';

export { random } from './bulk-load.js';
export { pick } from '../demo/random.js';
import { countAcceptedPhotos } from '../db/migrations/2026-11-28-03-gallery-counts.js';

const b36 = (n: number, len: number) => n.toString(36).toUpperCase().padStart(len, '0').slice(-len);

/** The i-th registration of the bench's world: mostly Chinese `B-` marks, some foreign ones. */
function registrationOf(i: number): string {
  switch (i % 10) {
    case 7:
      return `N${100 + (i % 900)}${b36(Math.floor(i / 900) + 370, 2).replace(/\d/g, 'K')}`;
    case 8:
      return `9V-${b36(i, 3)}`;
    case 9:
      return `JA${b36(i, 4)}`;
    default:
      return `B-${1 + (i % 9)}${b36(Math.floor(i / 9), 3)}`;
  }
}

export interface Filled {
  /** One photo's facts, for single-URL figures. */
  sample: { id: number; reg: string; airline: number; airport: number; type: number; user: number };
  photoIds: { min: number; max: number };
  /** In the bench's world each registration is one aircraft: an airframe per registration, with the MSN of its first photo. */
  airframeIds: { min: number; max: number };
  registrations: string[];
  airlines: number[];
  airports: number[];
  types: number[];
  users: number[];
  /** Words people search with (names of the types, airlines and airports photographed most). */
  words: string[];
  /** Words of the names photographed less, down to the tail: rarer searches. */
  rareWords: string[];
}

export async function fill(database: DatabaseHandle, photos: number, photographers = 5_000): Promise<Filled> {
  const db = database.db;
  await importReferenceData(db, Date.now());
  const rand = random(42);
  const ids = async (table: 'airports' | 'airlines' | 'aircraft_types', chinaFirst: boolean) =>
    db
      .selectFrom(table)
      .selectAll()
      .where('status', '=', 'available')
      .$if(chinaFirst, (q) => q.orderBy(sql`case when search_text like '%china%' then 0 else 1 end`))
      .orderBy('id')
      .limit(table === 'aircraft_types' ? 150 : 600)
      .execute();
  const [airports, airlines, types] = await Promise.all([
    ids('airports', true),
    ids('airlines', true),
    ids('aircraft_types', false),
  ]);
  const now = Date.now();
  const users: { id: number; username: string }[] = [];
  for (let i = 0; i < photographers; i += 500) {
    const batch = Array.from({ length: Math.min(500, photographers - i) }, (_, j) => ({
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
  // Each kind's own ids (an airline and an airport of the same id have their own words), and the words
  // GalleryIndex writes for them.
  const textsOf = <K extends RefKind>(kind: K, rows: KindTypes[K]['row'][]) =>
    new Map(rows.map((r) => [r.id, KINDS[kind].nameWords(r)]));
  const texts = {
    type: textsOf('aircraft_types', types),
    airline: textsOf('airlines', airlines),
    airport: textsOf('airports', airports),
  };
  const exif = toJson({
    camera: 'Canon EOS R5',
    lens: null,
    focalLength: 400,
    aperture: 8,
    shutter: '1/1000',
    iso: 200,
    takenAt: null,
  });
  const checks = toJson(CLEAN_CHECKS);
  const renditions = toJson(
    [2560, 1280, 960, 640, 320].map((edge) => ({ edge, width: edge, height: Math.round((edge * 2) / 3) })),
  );
  const registrations = new Set<string>();
  const airframeOf = new Map<string, number>();
  const used = { airlines: new Set<number>(), airports: new Set<number>(), types: new Set<number>(), users: new Set<number>() };
  let sample = null as Filled['sample'] | null;
  let minId = Number.MAX_SAFE_INTEGER;
  let maxId = 0;
  // SQLite's page cache is 2 MB by default: the photos' indexes of random keys (file and look hashes)
  // then go to the file on nearly every insert. A bench's fill keeps them in memory and does not wait
  // for the disk (a crash loses only the bench's own data); the server's settings come back after.
  if (database.dialect === 'sqlite') await sql`pragma cache_size = -1000000`.execute(db);
  if (database.dialect === 'sqlite') await sql`pragma synchronous = off`.execute(db);
  const startedAt = Date.now();
  const restoreIndexes = await setIndexesAside(database);
  for (let i = 0; i < photos; i += 1000) {
    if (process.env.BENCH_VERBOSE && i % 100_000 === 0 && i > 0)
      console.log(`  filled ${i} in ${(Date.now() - startedAt) / 1000} s`);
    const rows: NewPhoto[] = [];
    const docs: { doc: string; own: string; categories: string[] }[] = [];
    for (let j = 0; j < Math.min(1000, photos - i); j++) {
      const n = i + j;
      const airline = airlines[skewed(rand, airlines.length)]!;
      const airport = airports[skewed(rand, airports.length)]!;
      const type = types[skewed(rand, types.length)]!;
      const user = users[skewed(rand, users.length)]!;
      // A third of the photos show 2,000 popular aircraft; the rest a long tail of 32,000.
      const registration = registrationOf(rand() < 0.35 ? Math.floor(rand() * 2_000) : Math.floor(rand() * 32_000));
      registrations.add(registration);
      used.airlines.add(airline.id);
      used.airports.add(airport.id);
      used.types.add(type.id);
      used.users.add(user.id);
      const categories = [CATEGORY_CODES[skewed(rand, 8)]!];
      rows.push({
        uploader_id: user.id,
        state: 'accepted',
        queue: 'normal',
        registration,
        registration_key: registrationKey(registration),
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
        // Distinct files and looks, as uploads have: the duplicate check's bands see a real spread.
        sha256: hex(rand, 64),
        phash: hex(rand, 16),
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
      const own = [registration, String(30000 + n), user.username];
      docs.push({
        doc: documentTokens(
          [...own, texts.type.get(type.id), texts.airline.get(airline.id), texts.airport.get(airport.id)],
          [registration],
        ),
        own: documentTokens(own, [registration]),
        categories,
      });
    }
    await db.transaction().execute(async (trx) => {
      // In the bench's world each registration is one aircraft: an airframe is made with its first
      // photo (its type and MSN), and the photos point at it as they are written.
      const fresh = [...new Map(rows.filter((r) => !airframeOf.has(r.registration)).map((r) => [r.registration, r])).values()];
      if (fresh.length > 0) {
        const made = await trx
          .insertInto('airframes')
          .values(
            fresh.map((r) => ({
              aircraft_type_id: r.aircraft_type_id!,
              msn: r.msn,
              msn_key: r.msn,
              line_number: null,
              built_year: null,
              status: 'active' as const,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
        fresh.forEach((r, k) => airframeOf.set(r.registration, made[k]!.id));
      }
      for (const r of rows) r.airframe_id = airframeOf.get(r.registration)!;
      // PostgreSQL takes a thousand rows as one JSON parameter: as many bound values cost the client
      // more than the server (2.5× the time of the whole fill).
      const columns = sql.join(Object.keys(rows[0]!).map((c) => sql.id(c)));
      const inserted =
        database.dialect === 'postgres'
          ? (
              await sql<{ id: number }>`insert into photos (${columns})
                select ${columns} from json_populate_recordset(null::photos, ${JSON.stringify(rows)}) returning id`.execute(trx)
            ).rows
          : [
              // SQLite binds at most 32,766 values a statement.
              ...(await trx.insertInto('photos').values(rows.slice(0, 500)).returning('id').execute()),
              ...(rows.length > 500 ? await trx.insertInto('photos').values(rows.slice(500)).returning('id').execute() : []),
            ];
      const pairs = inserted.map((r, k) => ({ id: r.id, ...docs[k]! }));
      for (const r of inserted) {
        minId = Math.min(minId, r.id);
        maxId = Math.max(maxId, r.id);
      }
      if (!sample && inserted[500]) {
        const row = rows[500]!;
        sample = {
          id: inserted[500].id,
          reg: row.registration,
          airline: row.airline_id!,
          airport: row.airport_id!,
          type: row.aircraft_type_id!,
          user: row.uploader_id,
        };
      }
      if (database.dialect === 'postgres') {
        await sql`insert into photo_search (photo_id, doc, own)
          select id, to_tsvector('simple', doc), to_tsvector('simple', own)
          from unnest(${pairs.map((p) => p.id)}::int[], ${pairs.map((p) => p.doc)}::text[], ${pairs.map((p) => p.own)}::text[])
            as t(id, doc, own)`.execute(trx);
      } else {
        for (let k = 0; k < pairs.length; k += 200) {
          const part = pairs.slice(k, k + 200);
          await sql`insert into photo_search (rowid, doc) values ${sql.join(part.map((p) => sql`(${p.id}, ${p.doc})`))}`.execute(
            trx,
          );
          await sql`insert into photo_own_search (rowid, doc) values ${sql.join(part.map((p) => sql`(${p.id}, ${p.own})`))}`.execute(
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
  await restoreIndexes();
  if (process.env.BENCH_VERBOSE) console.log(`  indexes made at ${(Date.now() - startedAt) / 1000} s`);
  const airframeIds = { min: Math.min(...airframeOf.values()), max: Math.max(...airframeOf.values()) };
  // The photos were written past GalleryIndex: their counts are made as the migration made them.
  await db.deleteFrom('gallery_counted').execute();
  await db.deleteFrom('gallery_counts').execute();
  await countAcceptedPhotos(db);
  // Every document is written as GalleryIndex writes it: the re-index walk has nothing left to do.
  const imported = await lastImport(db);
  await db
    .updateTable('search_reindex')
    .set({ for_import: Number(imported?.imported_at ?? 0), after_id: maxId, until_id: maxId })
    .where('id', '=', 1)
    .execute();
  if (database.dialect === 'sqlite') await sql.raw(`pragma ${SQLITE_CACHE_PRAGMA}`).execute(db);
  if (database.dialect === 'sqlite') await sql`pragma synchronous = normal`.execute(db);
  // PostgreSQL's autovacuum would mark the pages all-visible soon after: index-only scans need that.
  await (database.dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
  // The words of the most photographed entries' names, as typed in the search box.
  const wordsOf = (rows: { search_text: string }[]) => [
    ...new Set(rows.flatMap((r) => r.search_text.split(/\s+/).filter((w) => w.length >= 3 && w.length <= 12))),
  ];
  const words = wordsOf([...types.slice(0, 30), ...airlines.slice(0, 30), ...airports.slice(0, 30)]);
  const rareWords = wordsOf([...types.slice(30), ...airlines.slice(30), ...airports.slice(30)]).filter((w) => !words.includes(w));
  return {
    sample: sample!,
    photoIds: { min: minId, max: maxId },
    airframeIds,
    registrations: [...registrations],
    airlines: [...used.airlines],
    airports: [...used.airports],
    types: [...used.types],
    users: [...used.users],
    words,
    rareWords,
  };
}
