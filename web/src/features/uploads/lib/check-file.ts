import { UPLOAD_LIMITS } from '@contract/catalogues';
import { checkPixelSize, frameAsShown, PHOTO_MESSAGES } from '@contract/photo-files';

/** Frame size from the JPEG's SOF header, without decoding a pixel. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[i + 5]! << 8) | bytes[i + 6]!, width: (bytes[i + 7]! << 8) | bytes[i + 8]! };
    }
    i += 2 + length;
  }
  return null;
}

type Size = { width: number; height: number };

/**
 * The browser's check of §5.1, with the server's exact reasons: size, JPEG by content, pixel size
 * (after EXIF rotation). Refuses before decoding anything large; a refusal for size says the frame
 * (as shown), so the page can offer to shrink it.
 */
export async function checkFile(
  file: File,
  orientation: number,
): Promise<{ ok: true; width: number; height: number } | { ok: false; reason: string; size?: Size }> {
  const head = new Uint8Array(await file.slice(0, 256 * 1024).arrayBuffer());
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const stored = jpeg ? jpegSize(head) : null;
  const size = stored ? { size: frameAsShown(stored, orientation) } : {};
  if (file.size > UPLOAD_LIMITS.maxBytes) return { ok: false, reason: PHOTO_MESSAGES.tooLarge, ...size };
  if (!jpeg) return { ok: false, reason: PHOTO_MESSAGES.notJpeg };
  if (!stored) return { ok: false, reason: PHOTO_MESSAGES.corrupt };
  const checked = checkPixelSize(stored, orientation);
  return checked.ok ? checked : { ...checked, ...size };
}
