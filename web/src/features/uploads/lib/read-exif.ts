import { readExifFacts, type ExifFacts } from '@contract/exif';
import exifr from 'exifr';

/** The picked file's EXIF, read the way the server reads it (contract/exif.ts). */
export function readExif(file: File): Promise<ExifFacts> {
  return readExifFacts((options) => exifr.parse(file, options));
}
