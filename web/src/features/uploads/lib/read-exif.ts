import exifr from 'exifr';

export interface BrowserExif {
  takenOn: string | null;
  camera: string | null;
  lens: string | null;
  orientation: number | undefined;
}

/**
 * Date taken as the camera wrote it (EXIF has no time zone): the string's date part, never a Date
 * object, so a night shot is not moved to the next or previous day by the browser's zone.
 */
export async function readExif(file: File): Promise<BrowserExif> {
  try {
    const raw = (await exifr.parse(file, {
      pick: ['Make', 'Model', 'LensModel', 'DateTimeOriginal', 'CreateDate', 'Orientation'],
      reviveValues: false,
      translateValues: false,
    })) as Record<string, unknown> | undefined;
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    const taken = str(raw?.DateTimeOriginal) ?? str(raw?.CreateDate);
    const m = taken ? /^(\d{4}):(\d{2}):(\d{2})/.exec(taken) : null;
    const make = str(raw?.Make);
    const model = str(raw?.Model);
    return {
      takenOn: m && m[1] !== '0000' ? `${m[1]}-${m[2]}-${m[3]}` : null,
      camera:
        model && make && !model.toLowerCase().startsWith(make.toLowerCase().split(' ')[0]!)
          ? `${make} ${model}`
          : (model ?? make),
      lens: str(raw?.LensModel),
      orientation: typeof raw?.Orientation === 'number' ? raw.Orientation : undefined,
    };
  } catch {
    return { takenOn: null, camera: null, lens: null, orientation: undefined };
  }
}
