// `npm run bench`: figures on this machine, in one run, reported as ratios (never asserted).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { RENDITION_EDGES } from '../contract/photos.js';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { BUDGET, firstLoad, HOME_ROUTE_MODULE } from '../scripts/first-load.js';
import { benchFirstLoadInBrowser } from './first-load.js';
import { asAnotherFile, makeJpeg } from '../server/src/testing/images.js';
import { bearer, createTestApp, insertPhoto, makeUser } from '../server/src/testing/harness.js';
import { benchCluster } from './cluster.js';
import { benchFanout } from './fanout.js';
import { benchMail } from './mail.js';
import { benchGallery } from './gallery.js';
import { benchGalleryScale } from './gallery-scale.js';
import { benchUploads } from './uploads.js';
import { formatPagesLcp, pagesLcp } from './lcp.js';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function timeIt(n: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(times);
}

/** `npm run bench` runs every part; `npm run bench -- gallery cluster` only those named. */
const PARTS = ['first-load', 'api', 'uploads', 'screening', 'follows', 'mail', 'gallery', 'cluster', 'lcp', 'upload'] as const;
const argv = process.argv.slice(2);
// `gallery --photos N`: the gallery at 100,000 and at N photos, growth ratios per case (issue 37).
const photosAt = argv.indexOf('--photos');
const scalePhotos = photosAt >= 0 ? Number(argv[photosAt + 1]) : null;
if (scalePhotos !== null && !(Number.isInteger(scalePhotos) && scalePhotos > Number(process.env.BENCH_PHOTOS ?? 100_000)))
  throw new Error('--photos takes a whole number above the smaller gallery (100000, or BENCH_PHOTOS)');
const asked = photosAt >= 0 ? argv.filter((_, i) => i !== photosAt && i !== photosAt + 1) : argv;
for (const a of asked)
  if (!(PARTS as readonly string[]).includes(a)) throw new Error(`unknown bench part ${a}: ${PARTS.join(', ')}`);
// `upload` is the desktop rows of `lcp` alone: `/` as the yardstick and `/upload`'s form (issue 34).
const runs = (part: (typeof PARTS)[number]) => part !== 'upload' && (asked.length === 0 || asked.includes(part));

async function main(): Promise<void> {
  console.log('# Contrail bench');
  if (runs('first-load')) await benchFirstLoad();
  if (runs('api')) await benchApi();
  if (runs('uploads')) await benchUploads(await cameraJpeg());
  const needsPg = runs('screening') || runs('follows') || runs('mail') || runs('gallery') || runs('cluster');
  const pgServer = needsPg ? postgresForBench() : null;
  if (needsPg && !pgServer) console.log('PostgreSQL figures: skipped (no server binaries, no TEST_DATABASE_URL)');
  try {
    if (runs('screening')) await benchScreening(pgServer?.url ?? null);
    if (runs('follows')) await benchFanout(pgServer?.url ?? null);
    if (runs('mail')) await benchMail(pgServer?.url ?? null);
    if (runs('gallery')) {
      if (scalePhotos) await benchGalleryScale(pgServer?.url ?? null, scalePhotos);
      else await benchGallery(pgServer?.url ?? null);
    }
    if (runs('cluster')) await benchCluster(pgServer?.url ?? null);
  } finally {
    pgServer?.stop();
  }
  if (runs('lcp')) console.log(formatPagesLcp(await pagesLcp()));
  else if (asked.includes('upload')) console.log(formatPagesLcp(await pagesLcp(true)));
}

async function benchFirstLoad(): Promise<void> {
  const dist = path.resolve('dist/web');
  if (fs.existsSync(path.join(dist, '.vite/manifest.json'))) {
    const load = firstLoad(dist, HOME_ROUTE_MODULE);
    console.log(
      `first load of /: JS ${kb(load.jsGzip)} gzip (${((load.jsGzip / BUDGET.jsGzip) * 100).toFixed(0)} % of the 150 KB budget), ` +
        `CSS ${kb(load.cssGzip)} gzip (${((load.cssGzip / BUDGET.cssGzip) * 100).toFixed(0)} % of 20 KB), Ant Design: ${load.hasAntd ? 'yes' : 'no'}`,
    );
  } else {
    console.log('first load of /: no build (run `npm run build` first)');
  }
  await benchFirstLoadInBrowser();
}

/** In-process API figures on SQLite as ratios of GET /health, and the upload pipeline. */
async function benchApi(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-bench-'));
  const { app, services } = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: false });
  try {
    const user = await services.accounts.createUser({
      email: 'bench@example.com',
      username: 'bench',
      password: 'bench-pass-1',
      level: 0,
    });
    const session = await services.sessions.login('bench@example.com', 'bench-pass-1', '127.0.0.1');
    const auth = { authorization: `Bearer ${session.token}` };
    const health = await timeIt(300, () => app.inject({ method: 'GET', url: '/api/v1/health' }));
    const profile = await timeIt(300, () => app.inject({ method: 'GET', url: `/api/v1/users/${user.id}` }));
    const me = await timeIt(300, () => app.inject({ method: 'GET', url: '/api/v1/user/me', headers: auth }));
    const login = await timeIt(10, () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email: 'bench@example.com', password: 'bench-pass-1' },
      }),
    );
    console.log(`API (SQLite, in-process), median of runs; base = GET /health ${health.toFixed(3)} ms`);
    console.log(`  GET /users/{id}      ${(profile / health).toFixed(2)} × health`);
    console.log(`  GET /user/me (auth)  ${(me / health).toFixed(2)} × health`);
    console.log(`  POST /user/login     ${(login / health).toFixed(0)} × health (argon2id by design)`);

    await benchPipeline(services, dataDir, user.id);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A PostgreSQL to bench on: TEST_DATABASE_URL, or a throwaway cluster when the binaries exist. */
function postgresForBench(): { url: string; stop: () => void } | null {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => undefined };
  try {
    const out = execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = /TEST_DATABASE_URL=(\S+)/.exec(out)![1]!;
    const dir = /PG_THROWAWAY_DIR=(\S+)/.exec(out)![1]!;
    return { url, stop: () => void spawnSync('bash', ['scripts/pg-throwaway.sh', 'stop', dir], { stdio: 'ignore' }) };
  } catch {
    return null;
  }
}

/**
 * `POST /screening/next` with 10,000 waiting photos, in-process next to GET /health on the same app:
 * 19 screeners hold locks on the oldest photos, the 20th claims (and releases) again and again.
 */
async function benchScreening(pgUrl: string | null): Promise<void> {
  const kinds: ('sqlite' | 'postgres')[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  if (pgUrl) process.env.TEST_DATABASE_URL ??= pgUrl;
  for (const kind of kinds) {
    const t = await createTestApp(kind);
    try {
      const member = await makeUser(t);
      const now = Date.now();
      const base = await insertPhoto(t, member.id);
      const row = await t.database.db.selectFrom('photos').selectAll().where('id', '=', base).executeTakeFirstOrThrow();
      const { id: _id, ...template } = row;
      for (let i = 0; i < 10_000; i += 500) {
        await t.database.db
          .insertInto('photos')
          .values(
            Array.from({ length: 500 }, (_, j) => ({
              ...template,
              registration: `B-${i + j}`,
              registration_key: `B${i + j}`,
              queue: (i + j) % 10 === 0 ? ('priority' as const) : ('normal' as const),
              created_at: now - (i + j) * 1000,
            })),
          )
          .execute();
      }
      const screeners = [];
      for (let i = 0; i < 20; i++) screeners.push(await makeUser(t, 1));
      for (const s of screeners.slice(0, 19)) {
        await t.app.inject({ method: 'POST', url: '/api/v1/screening/next', headers: bearer(s.token) });
      }
      const last = screeners[19]!;
      const health = await timeIt(300, () => t.app.inject({ method: 'GET', url: '/api/v1/health' }));
      // Each claim is released before the next one (untimed), so every call walks past the 19 locks.
      const times: number[] = [];
      for (let i = 0; i < 300; i++) {
        const start = process.hrtime.bigint();
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/screening/next', headers: bearer(last.token) });
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
        const { photoId } = res.json<{ photoId: number }>();
        await t.app.inject({ method: 'DELETE', url: `/api/v1/screening/photos/${photoId}/lock`, headers: bearer(last.token) });
      }
      const next = median(times);
      console.log(
        `screening on ${kind}, 10,000 waiting photos, 19 live locks: POST /screening/next ${next.toFixed(2)} ms ` +
          `= ${(next / health).toFixed(2)} × GET /health (${health.toFixed(3)} ms), median of 300`,
      );
    } finally {
      await t.close();
    }
  }
}

/** A camera-like 4096×2731 JPEG: gradient sky, noise texture (so it compresses like a photo), EXIF. */
async function cameraJpeg(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: 4096,
      height: 2731,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .png()
    .toBuffer();
  const sky = await makeJpeg({ width: 4096, height: 2731, exif: true });
  return sharp(sky)
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'Canon', Model: 'Canon EOS R5' }, IFD2: { DateTimeOriginal: '2024:05:01 10:00:00' } })
    .toBuffer();
}

async function benchPipeline(services: Awaited<ReturnType<typeof buildApp>>['services'], dataDir: string, userId: number) {
  const jpeg = await cameraJpeg();
  const file = path.join(dataDir, 'bench.jpg');
  fs.writeFileSync(file, jpeg);
  const actor = { id: userId, username: 'bench', level: 1, sessionId: 0 };
  const type = (
    await services.reference.add('aircraft_types', actor, {
      icao: 'B789',
      manufacturerEn: 'Boeing',
      typeName: '787',
      variant: '-9',
    })
  ).item;
  const airport = (await services.reference.add('airports', actor, { icao: 'ZUUU', iata: 'CTU', nameEn: 'Chengdu Shuangliu' }))
    .item;
  const runs = 7;
  // One picture, a file of its own per run: a member may not send the very same file twice.
  const copies = Array.from({ length: runs }, (_, i) => {
    const copy = path.join(dataDir, `bench-${i}.jpg`);
    fs.writeFileSync(copy, asAnotherFile(jpeg, i));
    return copy;
  });
  let n = 0;
  const pipeline = await timeIt(runs, () =>
    services.uploads.upload(actor, copies[n]!, {
      registration: `B-${2000 + n++}`,
      aircraftTypeId: type.id,
      airportId: airport.id,
      takenOn: '2024-05-01',
      categories: ['airliner'],
      queue: 'normal',
      watermark: { x: 3800, y: 2500, scale: 1, opacity: 0.5 },
    }),
  );
  const bare = await timeIt(runs, () => sharp(file).resize(1280).webp({ quality: 82 }).toBuffer());
  const full = await timeIt(runs, () => sharp(file).resize(2560).webp({ quality: 82 }).toBuffer());
  console.log(`upload pipeline, 4096×2731 JPEG of ${(jpeg.length / 1024 / 1024).toFixed(1)} MB, median of ${runs}:`);
  console.log(
    `  checks + decode once + ${RENDITION_EDGES.length} WebP renditions with watermark + analysis + storage + row: ${pipeline.toFixed(0)} ms`,
  );
  console.log(`  bare sharp decode + one resize to 1280 + WebP:                                     ${bare.toFixed(0)} ms`);
  console.log(`  full-resolution decode + one 2560 px WebP:                                         ${full.toFixed(0)} ms`);
  console.log(
    `  ratio: ${(pipeline / full).toFixed(2)} × the full-resolution decode + 2560 WebP (goal ≤ 2: ${pipeline / full <= 2 ? 'met' : 'missed'}); ` +
      `${(pipeline / bare).toFixed(2)} × the bare decode + 1280`,
  );
}

void main();
