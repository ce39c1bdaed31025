import { clipping, colourCast, dominantTilt, laplacianVariance, perceptualHash, type Analysis } from '@contract/image-analysis';

function pixels(bitmap: ImageBitmap, maxEdge: number, exact?: { width: number; height: number }) {
  const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
  const width = exact?.width ?? Math.max(1, Math.round(bitmap.width * scale));
  const height = exact?.height ?? Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(bitmap, 0, 0, width, height);
  return { data: ctx.getImageData(0, 0, width, height).data, width, height };
}

function grey(rgba: Uint8ClampedArray): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j++)
    out[j] = Math.round(0.2126 * rgba[i]! + 0.7152 * rgba[i + 1]! + 0.0722 * rgba[i + 2]!);
  return out;
}

/** The same checks the server makes, on a downscaled copy drawn in a canvas (advice only). */
export function analyseBitmap(bitmap: ImageBitmap): { analysis: Analysis; phash: string } {
  const big = pixels(bitmap, 768);
  const g = grey(big.data);
  const small = pixels(bitmap, 256);
  const clip = clipping(new Uint8Array(small.data.buffer), 4);
  const tiny = pixels(bitmap, 32, { width: 32, height: 32 });
  return {
    analysis: {
      sharpness: Math.round(laplacianVariance(g, big.width, big.height)),
      clippedHighlights: Math.round(clip.highlights * 1000) / 10,
      clippedShadows: Math.round(clip.shadows * 1000) / 10,
      colorCast: colourCast(new Uint8Array(small.data.buffer), 4),
      tiltDegrees: dominantTilt(g, big.width, big.height),
    },
    phash: perceptualHash(grey(tiny.data)),
  };
}
