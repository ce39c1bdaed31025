import { describe, expect, it } from 'vitest';
import { shrinkOffer } from './shrink-photo.js';

const file = (bytes: number) => new File([new Uint8Array(bytes)], 'IMG_0001.JPG', { type: 'image/jpeg' });

describe('the offer to shrink a camera original', () => {
  it('offers the limit for frames the server refuses only for their size', () => {
    expect(shrinkOffer(file(100), { width: 6000, height: 4000 })?.target).toEqual({ width: 4096, height: 2731 });
    expect(shrinkOffer(file(100), { width: 5504, height: 8256 })?.target).toEqual({ width: 2731, height: 4096 });
    // Within the edges but over 15 MB: encoded again at the same size.
    expect(shrinkOffer(file(16 * 1024 * 1024), { width: 4000, height: 3000 })?.target).toEqual({ width: 4000, height: 3000 });
  });

  it('offers nothing for a photo within the limits, too small, or too thin once shrunk', () => {
    expect(shrinkOffer(file(100), { width: 4000, height: 3000 })).toBeNull();
    expect(shrinkOffer(file(100), { width: 1000, height: 700 })).toBeNull();
    expect(shrinkOffer(file(100), { width: 12000, height: 1500 })).toBeNull();
  });
});
