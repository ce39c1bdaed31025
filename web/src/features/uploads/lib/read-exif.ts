import { EXIF_OPTIONS, exifFacts, type ExifFacts } from '@contract/exif';
import exifr from 'exifr';

/** The picked file's EXIF, read the way the server reads it (contract/exif.ts). */
export async function readExif(file: File): Promise<ExifFacts> {
  try {
    return exifFacts(await exifr.parse(file, EXIF_OPTIONS));
  } catch {
    return exifFacts(null);
  }
}
