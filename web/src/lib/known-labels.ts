import type { CardPhoto } from '@contract/cards';

// The URL holds ids (type=7); the names shown for them come from what this tab has seen: an entry
// picked in a selector, or a photo in the results (each result matches the filter, so carries it).
export type LabelKind = 'type' | 'airline' | 'airport' | 'user' | 'airframe' | 'livery';
const known = new Map<string, string>();

export function rememberLabel(kind: LabelKind, id: number, label: string): void {
  known.set(`${kind}:${id}`, label);
}

/**
 * Every result matches the search's filters, so the first one names them (the cards carry labels, not
 * ids). A livery is named once its page was seen in this tab, else by its number.
 */
export function rememberResults(params: Readonly<Record<string, string>>, photos: readonly CardPhoto[]): void {
  const first = photos[0];
  if (!first) return;
  const named: [LabelKind, string | undefined][] = [
    ['type', first.aircraftType?.label],
    ['airline', first.airline?.label],
    ['airport', first.airport?.label],
    ['user', first.uploader.username],
    ['airframe', `${first.registration} 这架飞机`],
  ];
  for (const [kind, label] of named) {
    const id = Number(params[kind]);
    if (label && Number.isInteger(id) && id > 0) rememberLabel(kind, id, label);
  }
}

export function labelOf(kind: LabelKind, id: string): string {
  return known.get(`${kind}:${id}`) ?? `编号 ${id}`;
}
