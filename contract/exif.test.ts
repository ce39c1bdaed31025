import { describe, expect, it } from 'vitest';
import { exifFacts, readableExifTime } from './exif.js';

describe('EXIF facts', () => {
  it("takes the date taken from the camera's own string, never through a time zone", () => {
    expect(exifFacts({ DateTimeOriginal: '2024:05:01 23:30:00' }).takenOn).toBe('2024-05-01');
    expect(exifFacts({ CreateDate: '2023:12:31 00:10:00' }).takenOn).toBe('2023-12-31');
    expect(exifFacts({ DateTimeOriginal: '0000:00:00 00:00:00' }).takenOn).toBeNull();
    expect(exifFacts({ DateTimeOriginal: 'yesterday' }).takenOn).toBeNull();
  });

  it('names the camera once when the model repeats the make', () => {
    expect(exifFacts({ Make: 'Canon', Model: 'Canon EOS R5' }).summary.camera).toBe('Canon EOS R5');
    expect(exifFacts({ Make: 'NIKON CORPORATION', Model: 'NIKON Z 9' }).summary.camera).toBe('NIKON Z 9');
    expect(exifFacts({ Make: 'SONY', Model: 'ILCE-1' }).summary.camera).toBe('SONY ILCE-1');
    expect(exifFacts({ Make: 'FUJIFILM' }).summary.camera).toBe('FUJIFILM');
  });

  it('reads exposure figures and orientation, and gives empty facts for a file without EXIF', () => {
    const facts = exifFacts({
      ExposureTime: 0.002,
      FNumber: 7.1,
      FocalLength: 400,
      ISO: 200,
      LensModel: ' RF100-500mm ',
      Orientation: 6,
    });
    expect(facts.summary).toMatchObject({ shutter: '1/500', aperture: 7.1, focalLength: 400, iso: 200, lens: 'RF100-500mm' });
    expect(facts.orientation).toBe(6);
    expect(exifFacts({ ExposureTime: 2 }).summary.shutter).toBe('2s');
    expect(exifFacts(undefined)).toEqual({
      summary: { camera: null, lens: null, focalLength: null, aperture: null, shutter: null, iso: null, takenAt: null },
      takenOn: null,
      orientation: 1,
    });
  });

  it('cleans what a camera wrote as request text is cleaned: controls and direction marks out, emoji kept', () => {
    const facts = exifFacts({ Make: 'Canon\u202eRLO', Model: 'EOS\u0000 R5\u001b[31m\u200f', LensModel: '\u0001\u061c' });
    expect(facts.summary.camera).toBe('CanonRLO EOS R5[31m');
    expect(facts.summary.lens).toBeNull();
    expect(exifFacts({ LensModel: '👩‍✈️ lens' }).summary.lens).toBe('👩‍✈️ lens');
  });

  it('shows an EXIF time as people read a date', () => {
    expect(readableExifTime('2026:11:20 09:41:07')).toBe('2026-11-20 09:41:07');
    expect(readableExifTime('2026:11:20')).toBe('2026-11-20');
    expect(readableExifTime('不是日期')).toBe('不是日期');
  });
});
