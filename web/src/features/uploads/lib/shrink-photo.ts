import { UPLOAD_LIMITS } from '@contract/catalogues';
import { checkPixelSize, fitWithin } from '@contract/photo-files';

/** A photo over the limits that the browser can bring within them (issue 19, item 2). */
export interface ShrinkOffer {
  file: File;
  /** As shown (after the EXIF rotation). */
  width: number;
  height: number;
  target: { width: number; height: number };
}

/** JPEG quality of the shrunk copy: high enough that screeners see no loss. */
export const SHRINK_QUALITY = 0.92;

/**
 * An offer for a camera original the server would refuse only for its size: long edge over 4096 px,
 * more than 40 MP, or a file over 15 MB. The copy must pass the server's pixel check (its short edge
 * still 720 px or more).
 */
export function shrinkOffer(file: File, size: { width: number; height: number }): ShrinkOffer | null {
  const long = Math.max(size.width, size.height);
  const tooBig =
    long > UPLOAD_LIMITS.maxLongEdge || size.width * size.height > UPLOAD_LIMITS.maxPixels || file.size > UPLOAD_LIMITS.maxBytes;
  if (!tooBig || long < UPLOAD_LIMITS.minLongEdge) return null;
  const target = fitWithin(size.width, size.height, UPLOAD_LIMITS.maxLongEdge);
  if (!checkPixelSize(target, 1).ok) return null;
  return { file, ...size, target };
}

/** The EXIF segment (APP1 "Exif") of a JPEG's head, or null. */
function exifSegment(head: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> | null {
  let i = 2;
  while (i + 4 < head.length && head[i] === 0xff) {
    const marker = head[i + 1]!;
    const length = (head[i + 2]! << 8) | head[i + 3]!;
    if (marker === 0xda) return null; // image data: no EXIF before it
    const isExif = marker === 0xe1 && String.fromCharCode(...head.subarray(i + 4, i + 8)) === 'Exif';
    if (isExif && i + 2 + length <= head.length) return head.slice(i, i + 2 + length);
    i += 2 + length;
  }
  return null;
}

/** Sets the EXIF orientation to 1 (the copy's pixels are already upright), in place. */
function uprightOrientation(segment: Uint8Array): void {
  const tiff = 10; // FF E1, length (2), "Exif\0\0"
  const view = new DataView(segment.buffer, segment.byteOffset, segment.byteLength);
  if (segment.length < tiff + 8) return;
  const little = view.getUint16(tiff) === 0x4949;
  const ifd0 = tiff + view.getUint32(tiff + 4, little);
  if (ifd0 + 2 > segment.length) return;
  const count = view.getUint16(ifd0, little);
  for (let e = 0; e < count; e++) {
    const entry = ifd0 + 2 + e * 12;
    if (entry + 12 > segment.length) return;
    if (view.getUint16(entry, little) === 0x0112) view.setUint16(entry + 8, 1, little);
  }
}

async function encodeJpeg(bitmap: ImageBitmap): Promise<Uint8Array<ArrayBuffer>> {
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', SHRINK_QUALITY));
  if (!blob) throw new Error('JPEG encoding failed');
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * The photo brought within the limits in the browser: decoded upright, resampled in one high-quality
 * step to the target, encoded as JPEG at quality 92, with the original's EXIF (the date, camera and
 * lens the form reads) put back and its orientation set upright.
 */
export async function shrinkPhoto(offer: ShrinkOffer): Promise<File> {
  const upright = await createImageBitmap(offer.file);
  let resized: ImageBitmap;
  try {
    resized = await createImageBitmap(upright, {
      resizeWidth: offer.target.width,
      resizeHeight: offer.target.height,
      resizeQuality: 'high',
    });
  } finally {
    upright.close();
  }
  let jpeg: Uint8Array<ArrayBuffer>;
  try {
    jpeg = await encodeJpeg(resized);
  } finally {
    resized.close();
  }
  const exif = exifSegment(new Uint8Array(await offer.file.slice(0, 256 * 1024).arrayBuffer()));
  if (exif) uprightOrientation(exif);
  // Right after SOI, where EXIF readers (the server's too) look for it.
  const parts = exif ? [jpeg.slice(0, 2), exif, jpeg.slice(2)] : [jpeg];
  const name = offer.file.name.replace(/(\.[^.]*)?$/, `-${offer.target.width}px.jpg`);
  return new File(parts, name, { type: 'image/jpeg', lastModified: offer.file.lastModified });
}
