import { describe, expect, it } from 'vitest';
import {
  adviceFor,
  clipping,
  colourCast,
  dominantTilt,
  hammingDistance,
  laplacianVariance,
  perceptualHash,
} from './image-analysis.js';

const fill = (w: number, h: number, f: (x: number, y: number) => [number, number, number]) => {
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out.set(f(x, y), (y * w + x) * 3);
  return out;
};
const greyOf = (rgb: Uint8Array) => Uint8Array.from({ length: rgb.length / 3 }, (_, i) => rgb[i * 3]!);

describe('image analysis', () => {
  it('finds a sharp edge sharper than a soft ramp', () => {
    const hard = greyOf(fill(64, 64, (x) => (x < 32 ? [0, 0, 0] : [255, 255, 255])));
    const soft = greyOf(fill(64, 64, (x) => [x * 4, x * 4, x * 4]));
    expect(laplacianVariance(hard, 64, 64)).toBeGreaterThan(laplacianVariance(soft, 64, 64) * 10);
  });

  it('counts blown and blocked pixels', () => {
    const img = fill(10, 10, (x) => (x < 2 ? [255, 255, 255] : x < 5 ? [0, 0, 0] : [120, 130, 140]));
    expect(clipping(img, 3)).toEqual({ highlights: 0.2, shadows: 0.3 });
  });

  it('sees a cast on neutral paint but not in a blue sky', () => {
    const sky = fill(20, 20, () => [90, 140, 220]);
    expect(colourCast(sky, 3)).toEqual({ red: 0, blue: 0 });
    const bluishWhite = fill(20, 20, () => [200, 215, 245]);
    expect(colourCast(bluishWhite, 3).blue).toBeGreaterThan(0.04);
  });

  it('measures a tilted horizon', () => {
    const w = 200;
    const h = 200;
    const tilt = (3 * Math.PI) / 180;
    const img = greyOf(fill(w, h, (x, y) => (y > h / 2 + Math.tan(tilt) * (x - w / 2) ? [40, 40, 40] : [220, 220, 220])));
    const measured = dominantTilt(img, w, h);
    expect(measured).not.toBeNull();
    expect(Math.abs(Math.abs(measured!) - 3)).toBeLessThanOrEqual(1);
  });

  it('gives near hashes for near pictures and far ones for different pictures', () => {
    const tone = (x: number, y: number) =>
      Math.round(128 + 60 * Math.sin(x / 5) + 40 * Math.cos(y / 7) + 20 * Math.sin((x + y) / 3));
    const a = greyOf(fill(32, 32, (x, y) => [tone(x, y), 0, 0]));
    // The same picture re-encoded: a little brighter, with a little noise.
    const a2 = a.map((v, i) => Math.min(255, v + 6 + ((i * 7919) % 5)));
    const b = greyOf(fill(32, 32, (x) => (x % 8 < 4 ? [30, 30, 30] : [200, 200, 200])));
    expect(hammingDistance(perceptualHash(a), perceptualHash(a2))).toBeLessThanOrEqual(6);
    expect(hammingDistance(perceptualHash(a), perceptualHash(b))).toBeGreaterThan(10);
  });

  it('turns findings into advice', () => {
    const advice = adviceFor(
      { sharpness: 20, clippedHighlights: 5, clippedShadows: 0, colorCast: { red: 0, blue: 0.2 }, tiltDegrees: -2 },
      [
        { photoId: 9, distance: 0, exact: true },
        { photoId: 7, distance: 1 },
        { photoId: 8, distance: 5 },
      ],
    );
    expect(advice).toEqual([
      '锐度估计偏低，请检查对焦、抖动或是否过度压缩',
      '约 5% 的像素高光溢出',
      '画面可能偏蓝',
      '画面可能倾斜约 2°',
      '与图片 #9 完全相同（同一个文件），可能是重复上传',
      '与图片 #7 几乎相同（相似度 98%），可能是重复上传',
      '与图片 #8 高度相似（相似度 92%），可能是重复上传',
    ]);
  });
});
