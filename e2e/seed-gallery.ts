import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { makeJpeg } from '../server/src/testing/images.js';
import { servicesFor, type RunningServer } from './harness.js';

export interface GallerySeed {
  photographer: { id: number; email: string; username: string };
  screener: { id: number };
  /** Accepted photos, oldest first: registration B-1000 + i. */
  photos: { id: number; registration: string; typeId: number; airlineId: number; airportId: number; takenOn: string }[];
  ref: { b738: number; a320: number; cca: number; ces: number; pvg: number; pek: number };
}

// Mostly 3:2, with 16:9 and portrait frames between, so the cards show photos of several shapes.
const sizeOf = (i: number) =>
  i % 9 === 4 ? { width: 1200, height: 1600 } : i % 5 === 2 ? { width: 1280, height: 720 } : { width: 1500, height: 1000 };

/**
 * Grain over the picture, so its copies weigh what a photo's do: a smooth gradient compresses to
 * almost nothing, and Chromium does not count such a sparse image as the largest contentful paint.
 */
async function textured(jpeg: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(jpeg).metadata();
  const noise = await sharp({
    create: {
      width: width!,
      height: height!,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 28 },
    },
  })
    .png()
    .toBuffer();
  return sharp(jpeg)
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * `count` accepted photos by one photographer, uploaded as real JPEGs and accepted through the
 * lifecycle (so the search index follows): B-1000… alternating B738/A320, CCA/CES, PVG/PEK over
 * March 2024; the photos of `featured` indexes are editor's choices. `textured` photos carry grain
 * (for measuring paint times).
 */
export async function seedGallery(
  server: RunningServer,
  count: number,
  featured: number[] = [],
  opts: { textured?: boolean } = {},
): Promise<GallerySeed> {
  const services = await servicesFor(server);
  try {
    const photographer = { email: 'spotter@example.com', username: '云端飞友', password: 'password-123' };
    const p = await services.accounts.createUser({ ...photographer, level: 0 });
    const s = await services.accounts.createUser({
      email: 'screener@example.com',
      username: '审图员甲',
      password: 'password-123',
      level: 1,
    });
    const screener = { id: s.id, username: '审图员甲', level: 1, sessionId: 0 };
    const uploader = { id: p.id, username: photographer.username, level: 0, sessionId: 0 };
    const first = async <T extends { id: number }>(list: Promise<{ items: T[] }>) => (await list).items[0]!.id;
    const ref = {
      b738: await first(services.reference.search('aircraft_types', { q: 'B738', limit: 1 }, null)),
      a320: await first(services.reference.search('aircraft_types', { q: 'A320', limit: 1 }, null)),
      cca: await first(services.reference.search('airlines', { q: 'CCA', limit: 1 }, null)),
      ces: await first(services.reference.search('airlines', { q: 'CES', limit: 1 }, null)),
      pvg: await first(services.reference.search('airports', { q: 'PVG', limit: 1 }, null)),
      pek: await first(services.reference.search('airports', { q: 'PEK', limit: 1 }, null)),
    };
    const file = path.join(server.dataDir, 'seed.jpg');
    const photos: GallerySeed['photos'] = [];
    for (let i = 0; i < count; i++) {
      const facts = {
        registration: `B-${1000 + i}`,
        typeId: i % 2 === 0 ? ref.b738 : ref.a320,
        airlineId: i % 2 === 0 ? ref.cca : ref.ces,
        airportId: i % 3 === 0 ? ref.pek : ref.pvg,
        takenOn: `2024-03-${String((i % 28) + 1).padStart(2, '0')}`,
      };
      const jpeg = await makeJpeg({ seed: 100 + i, ...sizeOf(i), exif: i === 0 });
      fs.writeFileSync(file, opts.textured ? await textured(jpeg) : jpeg);
      const { photo } = await services.uploads.upload(uploader, file, {
        registration: facts.registration,
        msn: i === 0 ? '30123' : undefined,
        aircraftTypeId: facts.typeId,
        airlineId: facts.airlineId,
        airportId: facts.airportId,
        takenOn: facts.takenOn,
        categories: i % 4 === 0 ? ['airliner', 'night'] : ['airliner'],
        remark: i === 0 ? '清晨的跑道，逆光下的首班机。' : undefined,
        queue: 'normal',
        watermark: null,
      });
      const row = await services.db.selectFrom('photos').selectAll().where('id', '=', photo.id).executeTakeFirstOrThrow();
      const now = Date.now();
      await services.db.transaction().execute((trx) =>
        services.lifecycle.transition(trx, {
          photo: row,
          action: 'accept',
          actor: screener,
          patch: { decided_at: now, ...(featured.includes(i) ? { featured_at: now } : {}) },
        }),
      );
      await services.runInlineJobs();
      photos.push({ id: photo.id, ...facts });
    }
    return { photographer: { id: p.id, ...photographer }, screener: { id: s.id }, photos, ref };
  } finally {
    await services.close();
  }
}
