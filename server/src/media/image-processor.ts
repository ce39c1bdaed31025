import fs from 'node:fs';
import exifr from 'exifr';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { readExifFacts } from '../../../contract/exif.js';
import { analyse, ANALYSIS_EDGES, HASH_BASIS_EDGE, photoHash, type Analysis } from '../../../contract/image-analysis.js';
import {
  checkPixelSize,
  fitWithin,
  PHOTO_MESSAGES,
  RENDITION_EDGES,
  UPLOAD_LIMITS,
  watermarkBox,
  type ExifSummary,
  type Watermark,
} from '../../../contract/photos.js';
import { AppError } from '../shared/errors.js';

// One libvips thread per core is plenty for 2-core machines; the libuv pool runs renditions in parallel.
sharp.concurrency(2);
// Caching decoded tiles across requests only costs memory here: every upload is a new file.
sharp.cache(false);

export interface Rendition {
  edge: number;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  width: number;
  height: number;
  bytes: number;
  exif: ExifSummary;
  renditions: Rendition[];
  thumbhash: string;
  phash: string;
  analysis: Analysis;
}

const refuse = (status: number, code: 'UNSUPPORTED_MEDIA_TYPE' | 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE', message: string) =>
  new AppError(status, code, message, [{ path: ['file'], message }]);

/**
 * Checks by content and from the header alone — before any pixel is decoded, so a file whose
 * header claims 30000×30000 px costs nothing.
 */
export async function inspectJpeg(file: string): Promise<{ width: number; height: number }> {
  const handle = await fs.promises.open(file, 'r');
  const magic = Buffer.alloc(3);
  try {
    await handle.read(magic, 0, 3, 0);
  } finally {
    await handle.close();
  }
  if (magic[0] !== 0xff || magic[1] !== 0xd8 || magic[2] !== 0xff) {
    throw refuse(415, 'UNSUPPORTED_MEDIA_TYPE', PHOTO_MESSAGES.notJpeg);
  }
  let meta: Metadata;
  try {
    // Header only: no pixel is decoded here, so sharp's own pixel limit need not apply yet.
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(400, 'VALIDATION_FAILED', PHOTO_MESSAGES.corrupt);
  }
  if (meta.format !== 'jpeg' || !meta.width || !meta.height) throw refuse(415, 'UNSUPPORTED_MEDIA_TYPE', PHOTO_MESSAGES.notJpeg);
  const size = checkPixelSize({ width: meta.width, height: meta.height }, meta.orientation);
  if (!size.ok) throw refuse(400, 'VALIDATION_FAILED', size.reason);
  return { width: size.width, height: size.height };
}

/** The site mark as SVG: a plane in a rounded square. No text, so no fonts are needed. */
function markSvg(size: number, opacity: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32" opacity="${opacity}">` +
      `<rect width="32" height="32" rx="7" fill="#ffffff" fill-opacity="0.35"/>` +
      `<path d="M6 20 L26 9 L22 13 L27 18 L24 19 L19 16 L13 21 L13 25 L10 25 Z" fill="#ffffff"/></svg>`,
  );
}

export async function processJpeg(file: string, watermark: Watermark | null): Promise<ProcessedImage> {
  const { width, height } = await inspectJpeg(file);
  const original = await fs.promises.readFile(file);
  const exifPromise = readExifFacts((options) => exifr.parse(file, options));

  // Decode once (rotated upright, sRGB, no alpha); every rendition and check starts from these pixels.
  // Strict: corrupt or missing scan data is refused, not decoded into grey. libjpeg reports a frame
  // far larger than its data ("premature end of data segment") only as a warning, so warnings fail
  // too. The pixel limit bounds what one decode may allocate (≤ 40 MP × 3 bytes).
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(original, { failOn: 'warning', limitInputPixels: UPLOAD_LIMITS.maxPixels })
      .autoOrient()
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw refuse(400, 'VALIDATION_FAILED', PHOTO_MESSAGES.corrupt);
  }
  const edges = [...new Set(RENDITION_EDGES.map((e) => Math.min(e, Math.max(width, height))))].sort((a, b) => b - a);

  // Each size is resized from the next larger one, not from the full frame: halving steps cost a
  // fraction of a full-resolution resample and look the same with lanczos3.
  const scaled: { edge: number; width: number; height: number; data: Buffer }[] = [];
  let source = { width: decoded.info.width, height: decoded.info.height, data: decoded.data };
  for (const edge of edges) {
    const { width: w, height: h } = fitWithin(width, height, edge);
    const data =
      w === source.width && h === source.height
        ? source.data
        : await sharp(source.data, { raw: { width: source.width, height: source.height, channels: 3 } })
            .resize(w, h, { fit: 'fill', kernel: 'lanczos3' })
            .raw()
            .toBuffer();
    source = { width: w, height: h, data };
    scaled.push({ edge, ...source });
  }
  const fromScaled = (s: { width: number; height: number; data: Buffer }) =>
    sharp(s.data, { raw: { width: s.width, height: s.height, channels: 3 } });

  const renditionJobs = scaled.map(async (s): Promise<Rendition> => {
    let pipeline = fromScaled(s);
    if (watermark) {
      const { size, left, top } = watermarkBox(watermark, { width, height }, s);
      pipeline = pipeline.composite([{ input: markSvg(size, watermark.opacity), left, top }]);
    }
    // sharp writes no metadata unless asked (keepMetadata/withExif): no EXIF, GPS or ICC leaves.
    // libwebp's effort 3+ costs ~3× effort 2 at 2560 px for <1 % fewer bytes (measured, see
    // bench/README.md and ADR 0010); the small sizes that galleries load most keep effort 4.
    const data = await pipeline.webp({ quality: 82, effort: s.edge > 640 ? 2 : 4 }).toBuffer();
    return { edge: s.edge, width: s.width, height: s.height, data };
  });

  // The checks run on the 1280 copy (or the largest, for small originals): same verdicts, less work.
  // The browser takes its perceptual hash from a copy of the same size (contract/image-analysis.ts).
  const basis = scaled.find((s) => s.edge <= HASH_BASIS_EDGE) ?? scaled[0]!;
  const analysisJob = (async () => {
    const { grey: greyEdge, colour: colourEdge } = ANALYSIS_EDGES;
    const grey = await fromScaled(basis)
      .resize(greyEdge, greyEdge, { fit: 'inside' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const colour = await fromScaled(basis)
      .resize(colourEdge, colourEdge, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return analyse({ data: grey.data, ...grey.info }, { data: colour.data, channels: colour.info.channels });
  })();

  const thumbJob = (async () => {
    const t = await fromScaled(basis)
      .resize(100, 100, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return Buffer.from(rgbaToThumbHash(t.info.width, t.info.height, t.data)).toString('base64');
  })();

  const phash = photoHash({ ...basis, channels: 3 });

  const [renditions, analysis, thumbhash, exif] = await Promise.all([
    Promise.all(renditionJobs),
    analysisJob,
    thumbJob,
    exifPromise,
  ]);
  return { width, height, bytes: original.length, exif: exif.summary, renditions, thumbhash, phash, analysis };
}
