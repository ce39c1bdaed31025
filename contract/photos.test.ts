import { describe, expect, it } from 'vitest';
import { checkPixelSize, PHOTO_MESSAGES, watermarkBox } from './photos.js';

describe('pixel limits', () => {
  it('checks the frame as shown: orientations 5–8 swap width and height', () => {
    expect(checkPixelSize({ width: 1280, height: 720 }, 1)).toEqual({ ok: true, width: 1280, height: 720 });
    expect(checkPixelSize({ width: 1280, height: 720 }, 6)).toEqual({ ok: true, width: 720, height: 1280 });
    expect(checkPixelSize({ width: 1280, height: 720 }, undefined)).toEqual({ ok: true, width: 1280, height: 720 });
  });

  it('refuses with the reason both the browser and the server show', () => {
    expect(checkPixelSize({ width: 1000, height: 720 }, 1)).toEqual({ ok: false, reason: PHOTO_MESSAGES.longEdge });
    expect(checkPixelSize({ width: 4097, height: 2000 }, 1)).toEqual({ ok: false, reason: PHOTO_MESSAGES.longEdge });
    expect(checkPixelSize({ width: 1600, height: 719 }, 1)).toEqual({ ok: false, reason: PHOTO_MESSAGES.shortEdge });
    expect(checkPixelSize({ width: 30000, height: 30000 }, 1)).toEqual({ ok: false, reason: PHOTO_MESSAGES.tooManyPixels });
  });
});

describe('watermark box', () => {
  const original = { width: 4000, height: 3000 };

  it('is 12 % of the long edge times the scale, centred on x/y', () => {
    expect(watermarkBox({ x: 2000, y: 1500, scale: 1, opacity: 0.5 }, original, original)).toEqual({
      size: 480,
      left: 1760,
      top: 1260,
    });
    expect(watermarkBox({ x: 2000, y: 1500, scale: 0.5, opacity: 0.5 }, original, original).size).toBe(240);
  });

  it('scales with the rendition and stays whole inside the frame', () => {
    const rendition = { width: 1280, height: 960 };
    expect(watermarkBox({ x: 2000, y: 1500, scale: 1, opacity: 0.5 }, original, rendition)).toEqual({
      size: 154,
      left: 563,
      top: 403,
    });
    expect(watermarkBox({ x: 4000, y: 3000, scale: 1.5, opacity: 0.5 }, original, rendition)).toEqual({
      size: 230,
      left: 1050,
      top: 730,
    });
    expect(watermarkBox({ x: 0, y: 0, scale: 0.5, opacity: 0.5 }, original, { width: 200, height: 150 })).toEqual({
      size: 16,
      left: 0,
      top: 0,
    });
  });
});
