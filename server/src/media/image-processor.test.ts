import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { HASH_BASIS_EDGE, hammingDistance, photoHash } from '../../../contract/image-analysis.js';
import { fitWithin } from '../../../contract/photos.js';
import { makeJpeg } from '../testing/images.js';
import { inspectJpeg, processJpeg } from './image-processor.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-media-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function saved(jpeg: Buffer): Promise<string> {
  const file = path.join(dir, `${fs.readdirSync(dir).length}.jpg`);
  await fs.promises.writeFile(file, jpeg);
  return file;
}

/**
 * The browser's way (web/src/features/uploads/lib/analyse.ts) with the canvas played by sharp:
 * the decoded, upright RGBA frame shrunk in one step to the hash basis size by a plainer resampler
 * than the server's lanczos3 cascade, then the contract's photoHash.
 */
async function browserHash(jpeg: Buffer, kernel: 'nearest' | 'linear'): Promise<string> {
  const upright = await sharp(jpeg).autoOrient().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const size = fitWithin(upright.info.width, upright.info.height, HASH_BASIS_EDGE);
  const copy = await sharp(upright.data, { raw: { width: upright.info.width, height: upright.info.height, channels: 4 } })
    .resize(size.width, size.height, { fit: 'fill', kernel })
    .raw()
    .toBuffer();
  return photoHash({ data: copy, ...size, channels: 4 });
}

describe('image processor', () => {
  it.each([
    ['a 1280×720 original', { seed: 11 }],
    ['a 2400×1600 original with EXIF', { width: 2400, height: 1600, exif: true, quality: 95 }],
    ['a 4096×2731 original at quality 80', { width: 4096, height: 2731, seed: 5, quality: 80 }],
  ])('gives %s the perceptual hash the browser computes for it', async (_, opts) => {
    const jpeg = await makeJpeg(opts);
    const server = (await processJpeg(await saved(jpeg), null)).phash;
    // Measured 0 bits for each (the look-alike threshold is 6); the old ways were 2–10 bits apart.
    for (const kernel of ['nearest', 'linear'] as const) {
      expect(hammingDistance(server, await browserHash(jpeg, kernel))).toBeLessThanOrEqual(2);
    }
  });

  it('gives a turned photo (EXIF orientation 6) the same hash on both sides and checks it upright', async () => {
    const jpeg = await sharp(await makeJpeg({ width: 1600, height: 900, seed: 3 }))
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toBuffer();
    const file = await saved(jpeg);
    expect(await inspectJpeg(file)).toEqual({ width: 900, height: 1600 });
    const image = await processJpeg(file, null);
    expect(image.renditions[0]).toMatchObject({ width: 900, height: 1600 });
    expect(hammingDistance(image.phash, await browserHash(jpeg, 'linear'))).toBeLessThanOrEqual(2);
  });

  it("keeps the camera, the lens and the camera's own date and time from EXIF", async () => {
    const image = await processJpeg(await saved(await makeJpeg({ exif: true, dateTaken: '2024:05:01 23:30:00' })), null);
    expect(image.exif).toMatchObject({
      camera: 'Canon EOS R5',
      lens: 'RF100-500mm F4.5-7.1 L IS USM',
      takenAt: '2024:05:01 23:30:00',
    });
  });
});
