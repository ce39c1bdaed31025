import type { ExifFacts } from '@contract/exif';
import type { Analysis } from '@contract/image-analysis';
import { PHOTO_MESSAGES } from '@contract/photo-files';
import { analyseBitmap } from './analyse.js';
import { checkFile } from './check-file.js';
import { readExif } from './read-exif.js';
import { shrinkOffer, type ShrinkOffer } from './shrink-photo.js';

/** A picked file the browser has checked and analysed, with an object URL for its preview. */
export interface PickedPhoto {
  file: File;
  url: string;
  width: number;
  height: number;
  exif: ExifFacts;
  analysis: Analysis;
  phash: string;
  /** The file's SHA-256 (hex), null where the browser offers no Web Crypto (a page not served securely). */
  sha256: string | null;
}

async function sha256Of(file: File): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The browser's checks of a picked file (§3.6), in the order the server makes them, then the advice. */
export async function pickPhoto(
  file: File,
): Promise<{ ok: true; photo: PickedPhoto } | { ok: false; reason: string; offer: ShrinkOffer | null }> {
  const exif = await readExif(file);
  const checked = await checkFile(file, exif.orientation);
  if (!checked.ok) return { ok: false, reason: checked.reason, offer: checked.size ? shrinkOffer(file, checked.size) : null };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { ok: false, reason: PHOTO_MESSAGES.corrupt, offer: null };
  }
  const { analysis, phash } = analyseBitmap(bitmap);
  bitmap.close();
  const sha256 = await sha256Of(file);
  const { width, height } = checked;
  return { ok: true, photo: { file, url: URL.createObjectURL(file), width, height, exif, analysis, phash, sha256 } };
}
