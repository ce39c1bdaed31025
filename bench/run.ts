// `npm run bench`: figures on this machine, in one run, reported as ratios (never asserted).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { BUDGET, firstLoad, HOME_ROUTE_MODULE } from '../scripts/first-load.js';
import { makeJpeg } from '../server/src/testing/images.js';

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

async function main(): Promise<void> {
  console.log('# Contrail bench');
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

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-bench-'));
  const { app, services } = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: false });
  try {
    const user = await services.accounts.createUser({
      email: 'bench@example.com',
      username: 'bench',
      password: 'bench-pass-1',
      level: 0,
    });
    const session = await services.accounts.login('bench@example.com', 'bench-pass-1', '127.0.0.1');
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
    await services.reference.addAircraftType(actor, { icao: 'B789', manufacturerEn: 'Boeing', typeName: '787', variant: '-9' })
  ).item;
  const airport = (await services.reference.addAirport(actor, { icao: 'ZUUU', iata: 'CTU', nameEn: 'Chengdu Shuangliu' })).item;
  const runs = 7;
  let n = 0;
  const pipeline = await timeIt(runs, () =>
    services.photos.upload(actor, file, {
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
  console.log(`upload pipeline, 4096×2731 JPEG of ${(jpeg.length / 1024 / 1024).toFixed(1)} MB, median of ${runs}:`);
  console.log(`  checks + decode once + 4 WebP renditions with watermark + analysis + storage + row: ${pipeline.toFixed(0)} ms`);
  console.log(`  bare sharp decode + one resize to 1280 + WebP:                                     ${bare.toFixed(0)} ms`);
  console.log(`  ratio: ${(pipeline / bare).toFixed(2)} × the bare decode + resize`);
}

void main();
