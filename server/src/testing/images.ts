import sharp from 'sharp';

/**
 * A real JPEG for tests: a sky gradient with an "aircraft" bar and a horizon, seeded so different
 * seeds give perceptually different pictures. EXIF (camera, date, GPS) is written when asked.
 */
export async function makeJpeg(
  opts: { width?: number; height?: number; seed?: number; exif?: boolean; quality?: number; dateTaken?: string } = {},
): Promise<Buffer> {
  const width = opts.width ?? 1280;
  const height = opts.height ?? 720;
  const seed = opts.seed ?? 1;
  const barY = Math.round(height * (0.2 + ((seed * 37) % 50) / 100));
  const barX = Math.round(width * (((seed * 53) % 40) / 100));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#cfe3f7"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${barX}" y="${barY}" width="${Math.round(width * 0.45)}" height="${Math.round(height * 0.08)}" rx="20" fill="#f4f4f4"/>
    <rect x="${(seed * 97) % width}" y="${Math.round(height * 0.1)}" width="${Math.round(width * 0.1)}" height="${Math.round(height * 0.3)}" fill="#${((seed * 1234567) % 0xffffff).toString(16).padStart(6, '0')}"/>
    <rect x="0" y="${Math.round(height * 0.85)}" width="100%" height="${Math.round(height * 0.15)}" fill="#556b2f"/>
  </svg>`;
  let img = sharp(Buffer.from(svg)).jpeg({ quality: opts.quality ?? 90 });
  if (opts.exif) {
    img = img.withExif({
      IFD0: { Make: 'Canon', Model: 'Canon EOS R5', Software: 'contrail-test' },
      IFD2: { DateTimeOriginal: opts.dateTaken ?? '2024:05:01 23:30:00', LensModel: 'RF100-500mm F4.5-7.1 L IS USM' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 4/1 48/1', GPSLongitudeRef: 'E', GPSLongitude: '116/1 35/1 0/1' },
    });
  }
  return img.toBuffer();
}

/** Rewrites the frame size in a JPEG's SOF header, leaving the pixel data as it was. */
export function withClaimedSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9;) {
    if (out[i] !== 0xff) throw new Error('not at a marker');
    const marker = out[i + 1]!;
    const length = out.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
    i += 2 + length;
  }
  throw new Error('no SOF marker');
}

/**
 * The same picture as another file: a JPEG comment (COM segment) right after SOI makes the bytes, and
 * so the SHA-256, differ while every pixel stays. For tests that send one picture several times.
 */
export function asAnotherFile(jpeg: Buffer, tag: string | number): Buffer {
  const text = Buffer.from(`copy ${tag}`, 'utf8');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}
