import type { ExifSummary } from './photos.js';
import { cleanText } from './zod.js';

/**
 * What the server and the browser ask exifr for. reviveValues: false keeps DateTimeOriginal as the
 * camera wrote it ("2024:05:01 23:30:00") instead of a Date in the reader's time zone;
 * translateValues: false keeps Orientation a number (1–8), not a description.
 */
export const EXIF_OPTIONS = {
  pick: [
    'Make',
    'Model',
    'LensModel',
    'FocalLength',
    'FNumber',
    'ExposureTime',
    'ISO',
    'DateTimeOriginal',
    'CreateDate',
    'Orientation',
  ],
  reviveValues: false,
  translateValues: false,
};

export interface ExifFacts {
  /** What is kept with the photo and shown beside it. */
  summary: ExifSummary;
  /** Date taken in the camera's own clock (EXIF has no zone), YYYY-MM-DD; null when unknown. */
  takenOn: string | null;
  /** EXIF orientation 1–8; 5–8 turn the frame a quarter, so width and height swap. */
  orientation: number;
}

// A camera writes what it likes (NUL padding, control bytes, direction marks): cleaned as request text is.
const text = (v: unknown) => cleanText(v, 100);
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Make and model once: "Canon" + "Canon EOS R5" reads "Canon EOS R5", not "Canon Canon EOS R5". */
function cameraName(make: string | null, model: string | null): string | null {
  if (model && make && !model.toLowerCase().startsWith(make.toLowerCase().split(' ')[0]!)) return `${make} ${model}`;
  return model ?? make;
}

/** The date part of an EXIF date string, never passed through a Date (and so through a time zone). */
function exifDate(taken: string | null): string | null {
  const m = taken ? /^(\d{4}):(\d{2}):(\d{2})/.exec(taken) : null;
  return m && m[1] !== '0000' ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** An EXIF time (`2026:11:20 09:41:07`) as people read a date (`2026-11-20 09:41:07`); other text unchanged. */
export function readableExifTime(taken: string): string {
  return taken.replace(/^(\d{4}):(\d{2}):(\d{2})/, '$1-$2-$3');
}

/** From exifr's raw record (read with EXIF_OPTIONS; undefined when the file has no EXIF) to the facts both sides use. */
export function exifFacts(raw: unknown): ExifFacts {
  const tag = (name: (typeof EXIF_OPTIONS.pick)[number]): unknown =>
    typeof raw === 'object' && raw !== null ? Reflect.get(raw, name) : undefined;
  const exposure = finite(tag('ExposureTime'));
  const taken = text(tag('DateTimeOriginal')) ?? text(tag('CreateDate'));
  const orientation = finite(tag('Orientation'));
  return {
    summary: {
      camera: cameraName(text(tag('Make')), text(tag('Model'))),
      lens: text(tag('LensModel')),
      focalLength: finite(tag('FocalLength')),
      aperture: finite(tag('FNumber')),
      shutter: exposure === null ? null : exposure >= 1 ? `${exposure}s` : `1/${Math.round(1 / exposure)}`,
      iso: finite(tag('ISO')),
      takenAt: taken,
    },
    takenOn: exifDate(taken),
    orientation: orientation !== null && orientation >= 1 && orientation <= 8 ? orientation : 1,
  };
}

/**
 * The facts of one file, given each side's way of running exifr on it (a path on the server, a
 * File in the browser). A file exifr cannot read has no facts rather than an error: EXIF is optional.
 */
export async function readExifFacts(parse: (options: typeof EXIF_OPTIONS) => Promise<unknown>): Promise<ExifFacts> {
  try {
    return exifFacts(await parse(EXIF_OPTIONS));
  } catch {
    return exifFacts(null);
  }
}
