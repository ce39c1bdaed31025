// Pure pixel maths for the automatic checks (PRODUCT.md §3.6, §7), shared by the server and the
// browser (advice before sending). Inputs are raw 8-bit buffers
// (from sharp on the server, a canvas in the browser); nothing here touches files.

import type { PhotoChecks } from './photos.js';

/** Rec. 709 luma of an 8-bit sRGB pixel, as the browser's greyscale copies use it. */
export function luma(r: number, g: number, b: number): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Variance of the 4-neighbour Laplacian of a greyscale image: low means soft or blurred. */
export function laplacianVariance(grey: Uint8Array, width: number, height: number): number {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const v = 4 * grey[i]! - grey[i - 1]! - grey[i + 1]! - grey[i - width]! - grey[i + width]!;
      sum += v;
      sumSq += v * v;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/** Shares (0–1) of pixels whose every channel is blown (≥ 250) or blocked (≤ 5). */
export function clipping(rgb: Uint8Array, channels: number): { highlights: number; shadows: number } {
  let high = 0;
  let low = 0;
  const pixels = rgb.length / channels;
  for (let i = 0; i < rgb.length; i += channels) {
    const r = rgb[i]!;
    const g = rgb[i + 1]!;
    const b = rgb[i + 2]!;
    if (r >= 250 && g >= 250 && b >= 250) high++;
    else if (r <= 5 && g <= 5 && b <= 5) low++;
  }
  return { highlights: high / pixels, shadows: low / pixels };
}

/**
 * Colour cast measured on near-neutral pixels only (white fuselages, clouds, concrete): a blue sky
 * is not a cast, but a blue tint on white paint is. Red and blue against green, in −1…1; a clear
 * cast shows as |value| above ~0.08. Zero when too few neutral pixels exist to judge.
 */
export function colourCast(rgb: Uint8Array, channels: number): { red: number; blue: number } {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < rgb.length; i += channels) {
    const pr = rgb[i]!;
    const pg = rgb[i + 1]!;
    const pb = rgb[i + 2]!;
    const max = Math.max(pr, pg, pb);
    if (max < 60 || max - Math.min(pr, pg, pb) > 48) continue;
    r += pr;
    g += pg;
    b += pb;
    n++;
  }
  if (n < rgb.length / channels / 20) return { red: 0, blue: 0 };
  const total = r + g + b;
  return { red: round((r - g) / total, 3), blue: round((b - g) / total, 3) };
}

/**
 * Angle (degrees) of the dominant near-horizontal straight edge, or null when there is none.
 * For each candidate angle, strong near-horizontal edge pixels are projected onto the line normal;
 * the angle whose projection piles up most sharply is the horizon's (a small Hough transform).
 * Positive = the line falls to the right (the picture is rotated clockwise).
 */
export function dominantTilt(grey: Uint8Array, width: number, height: number): number | null {
  const xs: number[] = [];
  const ys: number[] = [];
  const ws: number[] = [];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const gx =
        grey[i + 1 - width]! +
        2 * grey[i + 1]! +
        grey[i + 1 + width]! -
        grey[i - 1 - width]! -
        2 * grey[i - 1]! -
        grey[i - 1 + width]!;
      const gy =
        grey[i - 1 + width]! +
        2 * grey[i + width]! +
        grey[i + 1 + width]! -
        grey[i - 1 - width]! -
        2 * grey[i - width]! -
        grey[i + 1 - width]!;
      // Strong edges whose gradient is mostly vertical, i.e. near-horizontal lines.
      if (Math.abs(gy) < 200 || Math.abs(gx) > Math.abs(gy) * 0.35) continue;
      xs.push(x);
      ys.push(y);
      ws.push(Math.abs(gy));
    }
  }
  if (xs.length < width / 2) return null;
  let bestAngle = 0;
  let bestScore = -1;
  const bins = new Float64Array(height + 2 * width);
  for (let step = -40; step <= 40; step++) {
    const angle = step / 4;
    const t = Math.tan((angle * Math.PI) / 180);
    bins.fill(0);
    for (let k = 0; k < xs.length; k++) bins[Math.round(ys[k]! - xs[k]! * t) + width]! += ws[k]!;
    let score = 0;
    for (let b = 0; b < bins.length; b++) score += bins[b]! * bins[b]!;
    if (score > bestScore) {
      bestScore = score;
      bestAngle = angle;
    }
  }
  return bestAngle;
}

/** 64-bit DCT perceptual hash of a 32×32 greyscale image, as 16 hex digits. */
export function perceptualHash(grey32: ArrayLike<number>): string {
  const N = 32;
  const cos = Array.from({ length: 8 }, (_, u) =>
    Array.from({ length: N }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N))),
  );
  const coeffs: number[] = [];
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let s = 0;
      for (let y = 0; y < N; y++) {
        for (let x = 0; x < N; x++) s += grey32[y * N + x]! * cos[u]![y]! * cos[v]![x]!;
      }
      coeffs.push(s);
    }
  }
  const ac = coeffs.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)]!;
  let hex = '';
  for (let i = 0; i < 64; i += 4) {
    let nibble = 0;
    for (let j = 0; j < 4; j++) nibble = (nibble << 1) | (coeffs[i + j]! > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

/** Long edge of the copy a photo's perceptual hash is taken from: the server's 1280 rendition. */
export const HASH_BASIS_EDGE = 1280;

/**
 * A photo's perceptual hash from 8-bit RGB(A) pixels of its HASH_BASIS_EDGE copy. The 32×32
 * greyscale is made here, by plain box averages, not by the caller's resampler: sharp's lanczos3
 * and a canvas each shrinking to 32×32 themselves gave hashes up to 10 bits apart for one file,
 * while their 1280 copies differ only in fine detail that the averages wash out.
 */
export function photoHash(pixels: { data: ArrayLike<number>; width: number; height: number; channels: number }): string {
  const N = 32;
  const { data, width, height, channels } = pixels;
  const sums = new Float64Array(N * N);
  const counts = new Float64Array(N * N);
  for (let y = 0; y < height; y++) {
    const row = Math.floor((y * N) / height) * N;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const cell = row + Math.floor((x * N) / width);
      sums[cell]! += luma(data[i]!, data[i + 1]!, data[i + 2]!);
      counts[cell]! += 1;
    }
  }
  return perceptualHash(sums.map((s, cell) => s / Math.max(1, counts[cell]!)));
}

export function hammingDistance(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < a.length; i += 8) {
    let x = (parseInt(a.slice(i, i + 8), 16) ^ parseInt(b.slice(i, i + 8), 16)) >>> 0;
    while (x) {
      d += x & 1;
      x >>>= 1;
    }
  }
  return d;
}

/** The automatic checks' findings, as kept with the photo (without its look-alikes and advice). */
export type Analysis = Omit<PhotoChecks, 'duplicates' | 'advice'>;

/** Long edges of the two copies the checks look at: greyscale for sharpness and tilt, colour for clipping and cast. */
export const ANALYSIS_EDGES = { grey: 768, colour: 256 } as const;

/** All the automatic checks, from a greyscale copy and a colour copy (RGB or RGBA) of the photo. */
export function analyse(
  grey: { data: Uint8Array; width: number; height: number },
  colour: { data: Uint8Array; channels: number },
): Analysis {
  const clip = clipping(colour.data, colour.channels);
  return {
    sharpness: Math.round(laplacianVariance(grey.data, grey.width, grey.height)),
    clippedHighlights: Math.round(clip.highlights * 1000) / 10,
    clippedShadows: Math.round(clip.shadows * 1000) / 10,
    colorCast: colourCast(colour.data, colour.channels),
    tiltDegrees: dominantTilt(grey.data, grey.width, grey.height),
  };
}

/** Advice in Chinese from the automatic checks: shown before sending and kept with the photo. */
/** How alike two photos are, in words, from their hashes' distance (of 64 bits) and whether the bytes are the same. */
export function likeness(d: { distance: number; exact?: boolean | undefined }): string {
  if (d.exact) return '完全相同（同一个文件）';
  const percent = Math.round((1 - d.distance / 64) * 100);
  return d.distance <= 2 ? `几乎相同（相似度 ${percent}%）` : `高度相似（相似度 ${percent}%）`;
}

export function adviceFor(
  a: Analysis,
  duplicates: { photoId: number; distance: number; exact?: boolean | undefined }[],
): string[] {
  const advice: string[] = [];
  if (a.sharpness < 60) advice.push('锐度估计偏低，请检查对焦、抖动或是否过度压缩');
  if (a.clippedHighlights > 2) advice.push(`约 ${a.clippedHighlights}% 的像素高光溢出`);
  if (a.clippedShadows > 5) advice.push(`约 ${a.clippedShadows}% 的像素暗部死黑`);
  const { red, blue } = a.colorCast;
  if (Math.abs(red) > 0.08 || Math.abs(blue) > 0.08) {
    const hue = Math.abs(red) >= Math.abs(blue) ? (red > 0 ? '红' : '青') : blue > 0 ? '蓝' : '黄';
    advice.push(`画面可能偏${hue}`);
  }
  if (a.tiltDegrees !== null && Math.abs(a.tiltDegrees) >= 1) advice.push(`画面可能倾斜约 ${Math.abs(a.tiltDegrees)}°`);
  for (const d of duplicates) advice.push(`与图片 #${d.photoId} ${likeness(d)}，可能是重复上传`);
  return advice;
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
