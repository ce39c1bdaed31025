// The gallery at two sizes (issue 37): `npm run bench -- gallery --photos 1000000` fills 100,000 and then
// N accepted photos, on SQLite and PostgreSQL, and runs the same kinds of distinct URLs at each: one
// filter, two filters, free text of every frequency, deep cursor pages and date ranges. Each case is
// measured three ways: the real server process under autocannon, a minimal server (bench/minimal-server.ts)
// answering the same URLs with the SQL the real one ran for them, and that SQL alone, one URL at a time.
// Both sizes are kept and their servers run at once, each case's loads alternating between them round by
// round. The growth ratio N ÷ 100k of each case and every goal of the issue are printed at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { galleryQuery } from '../contract/gallery.js';
import { buildServices } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/database.js';
import { bumpGalleryVersion } from '../server/src/modules/gallery/search-index.repository.js';
import { freshPostgresUrl } from '../server/src/testing/harness.js';
import { startServer } from '../server/src/testing/process.js';
import { fill, random } from '../server/src/testing/gallery-fill.js';
import { benchServerEnv } from './gallery.js';
import { CASES, casePools, POOL, type Case } from './gallery-scale-pools.js';
import { scaleReport, type SizeFigures } from './gallery-scale-report.js';
import { compareAnswers, duplicateCheck } from './gallery-scale-checks.js';
import { startMinimal, type Runner, type Statement, postgresRunner, sqliteRunner } from './minimal-server.js';
import { p99, startLoad } from '../scripts/cluster.js';

/** A statement that only reads. */
const READ = /^\s*\(?\s*(select|with)\b/i;
/** URLs of each case run one at a time for the SQL's own cost. */
const SERIAL = 300;

/** A size of gallery on one database, filled, with each URL's SQL kept and that SQL alone measured. */
interface Prepared {
  figures: Pick<SizeFigures, 'kind' | 'photos' | 'fillSeconds' | 'serial' | 'duplicateMs'>;
  env: Record<string, string>;
  routesFile: string;
  pools: Record<Case, string[]>;
  photoPool: string[];
  close(): Promise<void>;
}

async function prepareSize(kind: 'sqlite' | 'postgres', photos: number): Promise<Prepared> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-bench-scale-'));
  const pgDb = kind === 'postgres' ? await freshPostgresUrl() : null;
  const close = async () => {
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
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
    const serial = await serialSql(pgDb ? postgresRunner(pgDb.url, 1) : sqliteRunner(dataDir), pools, routes);
    const routesFile = path.join(dataDir, 'minimal-routes.json');
    fs.writeFileSync(routesFile, JSON.stringify({ dataDir, databaseUrl: pgDb?.url ?? null, routes }));
    return { figures: { kind, photos, fillSeconds, serial, duplicateMs }, env, routesFile, pools, photoPool, close };
  } catch (err) {
    await database.destroy().catch(() => {});
    await close();
    throw err;
  }
}

/** The SQL alone, one URL at a time, on the driver the minimal server uses. */
async function serialSql(runner: Runner, pools: Record<Case, string[]>, routes: Record<string, Statement[]>) {
  try {
    const serial = {} as SizeFigures['serial'];
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
    return serial;
  } finally {
    await runner.close();
  }
}

type Load = SizeFigures['throughput'][Case]['real'];

/** Rounds of each case: both sizes' real and minimal servers loaded in turn in each, 5 s apiece. */
const ROUNDS = 2;

/**
 * Both sizes of one database measured side by side: the real and the minimal server of each run at once,
 * and each case's loads alternate between them round by round. Growth then compares loads taken seconds
 * apart, not minutes apart across the fill of the larger gallery, when this machine may have changed pace.
 */
async function measureSizes(kind: 'sqlite' | 'postgres', smallPhotos: number, largePhotos: number): Promise<SizeFigures[]> {
  const sizes: Prepared[] = [];
  const stops: (() => Promise<void>)[] = [];
  try {
    sizes.push(await prepareSize(kind, smallPhotos));
    sizes.push(await prepareSize(kind, largePhotos));
    const servers: { real: string; minimal: string; alike: SizeFigures['alike'] }[] = [];
    for (const size of sizes) {
      const real = await startServer(() => size.env, undefined, { captureOutput: true });
      stops.push(() => real.stop());
      const minimal = await startMinimal(size.routesFile);
      stops.push(() => minimal.stop());
      servers.push({ real: real.url, minimal: minimal.url, alike: await compareAnswers(real.url, minimal.url, size.pools) });
    }
    // p99 is taken over the answers on open connections; each connection's first answer, which waited for
    // the server to accept it, is kept apart (scripts/cluster.ts, `Answers`).
    const load = async (base: string, paths: string[], seconds = 5): Promise<Load> => {
      const running = startLoad(base, paths, 50, seconds);
      const r = await running.done;
      return {
        rps: r.requests.average,
        p99: p99(running.answers.later),
        firstWorst: Math.round(Math.max(0, ...running.answers.first)),
        failed: r.errors + r.non2xx,
      };
    };
    // Every case's URLs in turn, one of each: a warming that stops after a few thousand still meets them all.
    const everyOf = (size: Prepared) => size.photoPool.flatMap((photo, i) => [...CASES.map((c) => size.pools[c][i]!), photo]);
    // A process just started compiles its code and reads its lookups (the reference's names, the words'
    // entries) in its first seconds: each server is warmed with every case's URLs first. The answer cache
    // keeps 500 answers, fewer than a case's 1,000 URLs asked in turn, so the warming leaves no answer to
    // be found again.
    for (const [i, size] of sizes.entries()) {
      await load(servers[i]!.real, everyOf(size), 3);
      await load(servers[i]!.minimal, everyOf(size), 3);
    }
    const throughput = sizes.map(() => ({}) as SizeFigures['throughput']);
    for (const c of [...CASES, 'photo by id'] as const) {
      const loads = sizes.map(() => ({ real: [] as Load[], minimal: [] as Load[] }));
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, size] of sizes.entries()) {
          const paths = c === 'photo by id' ? size.photoPool : size.pools[c];
          loads[i]!.real.push(await load(servers[i]!.real, paths));
          loads[i]!.minimal.push(await load(servers[i]!.minimal, paths));
        }
      }
      for (const [i, l] of loads.entries()) throughput[i]![c] = { real: together(l.real), minimal: together(l.minimal) };
    }
    while (stops.length > 0) await stops.pop()!();
    // `npm start`'s one worker per core, every case's URLs at once: SQLite, the smaller gallery.
    let allWorkers: SizeFigures['allWorkers'] = null;
    if (kind === 'sqlite') {
      const small = sizes[0]!;
      const n = os.availableParallelism();
      const many = await startServer(() => ({ ...small.env, WORKERS: String(n) }), undefined, { captureOutput: true });
      stops.push(() => many.stop());
      await load(many.url, everyOf(small), 3);
      allWorkers = {
        workers: n,
        ...(await load(
          many.url,
          CASES.flatMap((c) => small.pools[c]),
          10,
        )),
      };
    }
    return sizes.map((size, i) => ({
      ...size.figures,
      throughput: throughput[i]!,
      alike: servers[i]!.alike,
      allWorkers: i === 0 ? allWorkers : null,
    }));
  } finally {
    while (stops.length > 0) await stops.pop()!();
    for (const size of sizes) await size.close();
  }
}

/** A case's rounds as one load: the mean rate, the worst p99 and first answer, every failure. */
const together = (loads: Load[]): Load => ({
  rps: loads.reduce((a, l) => a + l.rps, 0) / loads.length,
  p99: Math.max(...loads.map((l) => l.p99)),
  firstWorst: Math.max(...loads.map((l) => l.firstWorst)),
  failed: loads.reduce((a, l) => a + l.failed, 0),
});

export async function benchGalleryScale(pgAdminUrl: string | null, photos: number): Promise<void> {
  if (pgAdminUrl) process.env.TEST_DATABASE_URL ??= pgAdminUrl;
  // BENCH_DATABASES=sqlite (or postgres) runs one of them, for a quicker look.
  const only = process.env.BENCH_DATABASES;
  for (const kind of pgAdminUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
    if (only && !only.split(',').includes(kind)) continue;
    // BENCH_PHOTOS makes the smaller gallery smaller, for a quick look; the figures are at 100,000.
    const [small, large] = await measureSizes(kind, Number(process.env.BENCH_PHOTOS ?? 100_000), photos);
    console.log(scaleReport(small!, large!));
  }
}
