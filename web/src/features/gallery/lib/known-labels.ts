import type { PhotoResponse } from '@contract/photos';

// The URL holds ids (type=7); the names shown for them come from what this tab has seen: an entry
// picked in a selector, or a photo in the results (each result matches the filter, so carries it).
export type LabelKind = 'type' | 'airline' | 'airport' | 'user' | 'airframe' | 'livery';
const known = new Map<string, string>();

export function rememberLabel(kind: LabelKind, id: number, label: string): void {
  known.set(`${kind}:${id}`, label);
}

export function rememberPhotos(photos: PhotoResponse[]): void {
  for (const p of photos) {
    if (p.aircraftType) rememberLabel('type', p.aircraftType.id, p.aircraftType.label);
    if (p.airline) rememberLabel('airline', p.airline.id, p.airline.label);
    if (p.airport) rememberLabel('airport', p.airport.id, p.airport.label);
    rememberLabel('user', p.uploader.id, p.uploader.username);
    if (p.airframeId !== null) rememberLabel('airframe', p.airframeId, `${p.registration} 这架飞机`);
    if (p.livery) rememberLabel('livery', p.livery.id, p.livery.name);
  }
}

export function labelOf(kind: LabelKind, id: string): string {
  return known.get(`${kind}:${id}`) ?? `编号 ${id}`;
}
