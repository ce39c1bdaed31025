import { analyse, ANALYSIS_EDGES, HASH_BASIS_EDGE, luma, photoHash, type Analysis } from '@contract/image-analysis';
import { fitWithin } from '@contract/photo-files';

/** RGBA pixels of a copy whose long edge is at most `edge`, drawn by the browser's canvas. */
function pixels(bitmap: ImageBitmap, edge: number) {
  const { width, height } = fitWithin(bitmap.width, bitmap.height, edge);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(bitmap, 0, 0, width, height);
  return { data: ctx.getImageData(0, 0, width, height).data, width, height };
}

function grey(rgba: Uint8ClampedArray): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j++) out[j] = Math.round(luma(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!));
  return out;
}

/**
 * The same checks the server makes, on downscaled copies drawn in a canvas (advice only). The
 * perceptual hash comes from a copy the size of the server's basis, so both find the same look-alikes.
 */
export function analyseBitmap(bitmap: ImageBitmap): { analysis: Analysis; phash: string } {
  const big = pixels(bitmap, ANALYSIS_EDGES.grey);
  const small = pixels(bitmap, ANALYSIS_EDGES.colour);
  return {
    analysis: analyse({ ...big, data: grey(big.data) }, { data: new Uint8Array(small.data.buffer), channels: 4 }),
    phash: photoHash({ ...pixels(bitmap, HASH_BASIS_EDGE), channels: 4 }),
  };
}
