import { createHash } from 'node:crypto';
import fs from 'node:fs';
import exifr from 'exifr';
import sharp, { type Metadata, type OutputInfo, type OverlayOptions } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { PHOTO_MESSAGES, RENDITION_EDGES, UPLOAD_LIMITS, type ExifSummary, type Watermark } from '../../../contract/photos.js';
import { AppError } from '../http/errors.js';
import { clipping, colourCast, dominantTilt, laplacianVariance, perceptualHash } from '../../../contract/image-analysis.js';

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
  sha256: string;
  exif: ExifSummary;
  /** Date taken in the camera's own clock (EXIF has no zone), YYYY-MM-DD. */
  takenOn: string | null;
  renditions: Rendition[];
  thumbhash: string;
  phash: string;
  analysis: {
    sharpness: number;
    clippedHighlights: number;
    clippedShadows: number;
    colorCast: { red: number; blue: number };
    tiltDegrees: number | null;
  };
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
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (width * height > UPLOAD_LIMITS.maxPixels) throw refuse(400, 'VALIDATION_FAILED', PHOTO_MESSAGES.tooManyPixels);
  if (long < UPLOAD_LIMITS.minLongEdge || long > UPLOAD_LIMITS.maxLongEdge)
    throw refuse(400, 'VALIDATION_FAILED', PHOTO_MESSAGES.longEdge);
  if (short < UPLOAD_LIMITS.minShortEdge) throw refuse(400, 'VALIDATION_FAILED', PHOTO_MESSAGES.shortEdge);
  return { width, height };
}

async function readExif(file: string): Promise<{ exif: ExifSummary; takenOn: string | null }> {
  let raw: Record<string, unknown> = {};
  try {
    // reviveValues: false keeps DateTimeOriginal as the camera wrote it ("2024:05:01 18:30:00"),
    // so the date is the camera's local date, not shifted through this server's time zone.
    raw =
      (await exifr.parse(file, {
        pick: ['Make', 'Model', 'LensModel', 'FocalLength', 'FNumber', 'ExposureTime', 'ISO', 'DateTimeOriginal', 'CreateDate'],
        reviveValues: false,
      })) ?? {};
  } catch {
    raw = {};
  }
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : null);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const make = str(raw.Make);
  const model = str(raw.Model);
  const camera =
    model && make && !model.toLowerCase().startsWith(make.toLowerCase().split(' ')[0]!) ? `${make} ${model}` : (model ?? make);
  const exposure = num(raw.ExposureTime);
  const shutter = exposure === null ? null : exposure >= 1 ? `${exposure}s` : `1/${Math.round(1 / exposure)}`;
  const taken = str(raw.DateTimeOriginal) ?? str(raw.CreateDate);
  const m = taken ? /^(\d{4}):(\d{2}):(\d{2})/.exec(taken) : null;
  return {
    exif: {
      camera,
      lens: str(raw.LensModel),
      focalLength: num(raw.FocalLength),
      aperture: num(raw.FNumber),
      shutter,
      iso: num(raw.ISO),
      takenAt: taken,
    },
    takenOn: m && m[1] !== '0000' ? `${m[1]}-${m[2]}-${m[3]}` : null,
  };
}

/** The site mark as SVG: a plane in a rounded square. No text, so no fonts are needed. */
function markSvg(size: number, opacity: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32" opacity="${opacity}">` +
      `<rect width="32" height="32" rx="7" fill="#ffffff" fill-opacity="0.35"/>` +
      `<path d="M6 20 L26 9 L22 13 L27 18 L24 19 L19 16 L13 21 L13 25 L10 25 Z" fill="#ffffff"/></svg>`,
  );
}

function watermarkOverlay(w: Watermark, origWidth: number, width: number, height: number): OverlayOptions {
  const factor = width / origWidth;
  const size = Math.max(16, Math.round(Math.max(width, height) * 0.12 * w.scale));
  // x/y are the mark's centre in original pixels; the mark stays whole inside the frame.
  const left = Math.min(Math.max(0, Math.round(w.x * factor - size / 2)), width - size);
  const top = Math.min(Math.max(0, Math.round(w.y * factor - size / 2)), height - size);
  return { input: markSvg(size, w.opacity), left, top };
}

export async function processJpeg(file: string, watermark: Watermark | null): Promise<ProcessedImage> {
  const { width, height } = await inspectJpeg(file);
  const original = await fs.promises.readFile(file);
  const sha256 = createHash('sha256').update(original).digest('hex');
  const exifPromise = readExif(file);

  // Decode once (rotated upright, sRGB, no alpha); every rendition and check starts from these pixels.
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(original, { failOn: 'truncated', limitInputPixels: UPLOAD_LIMITS.maxPixels })
      .autoOrient()
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw refuse(400, 'VALIDATION_FAILED', PHOTO_MESSAGES.corrupt);
  }
  const long = Math.max(width, height);
  const edges = [...new Set(RENDITION_EDGES.map((e) => Math.min(e, long)))].sort((a, b) => b - a);

  // Each size is resized from the next larger one, not from the full frame: halving steps cost a
  // fraction of a full-resolution resample and look the same with lanczos3.
  const scaled: { edge: number; width: number; height: number; data: Buffer }[] = [];
  let source = { width: decoded.info.width, height: decoded.info.height, data: decoded.data };
  for (const edge of edges) {
    const w = Math.max(1, Math.round((width * edge) / long));
    const h = Math.max(1, Math.round((height * edge) / long));
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
    if (watermark) pipeline = pipeline.composite([watermarkOverlay(watermark, width, s.width, s.height)]);
    // sharp writes no metadata unless asked (keepMetadata/withExif): no EXIF, GPS or ICC leaves.
    // libwebp's effort 3+ costs ~3× effort 2 at 2560 px for <1 % fewer bytes (measured, see
    // docs/decisions.md); the small sizes that galleries load most keep effort 4.
    const data = await pipeline.webp({ quality: 82, effort: s.edge > 640 ? 2 : 4 }).toBuffer();
    return { edge: s.edge, width: s.width, height: s.height, data };
  });

  // The checks run on the 1280 copy (or the largest, for small originals): same verdicts, less work.
  const basis = scaled.find((s) => s.edge <= 1280) ?? scaled[0]!;
  const analysisJob = (async () => {
    const grey = await fromScaled(basis)
      .resize(768, 768, { fit: 'inside' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const small = await fromScaled(basis).resize(256, 256, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
    const clip = clipping(small.data, small.info.channels);
    return {
      sharpness: Math.round(laplacianVariance(grey.data, grey.info.width, grey.info.height)),
      clippedHighlights: Math.round(clip.highlights * 1000) / 10,
      clippedShadows: Math.round(clip.shadows * 1000) / 10,
      colorCast: colourCast(small.data, small.info.channels),
      tiltDegrees: dominantTilt(grey.data, grey.info.width, grey.info.height),
    };
  })();

  const thumbJob = (async () => {
    const t = await fromScaled(basis)
      .resize(100, 100, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return Buffer.from(rgbaToThumbHash(t.info.width, t.info.height, t.data)).toString('base64');
  })();

  const phashJob = (async () => {
    const g = await fromScaled(basis).resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
    return perceptualHash(g);
  })();

  const [renditions, analysis, thumbhash, phash, { exif, takenOn }] = await Promise.all([
    Promise.all(renditionJobs),
    analysisJob,
    thumbJob,
    phashJob,
    exifPromise,
  ]);
  return { width, height, bytes: original.length, sha256, exif, takenOn, renditions, thumbhash, phash, analysis };
}
