import type { PublicUser } from '@contract/accounts';
import type { CardPhoto } from '@contract/cards';
import type { RefItem, RefKind } from '@contract/reference';
import { aircraftTypeLabel, airlineLabel, airportLabel } from '@contract/reference-labels';
import { useQueries } from '@tanstack/react-query';
import { request } from './api.js';
import { referenceKeys } from './query-keys.js';

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

const refItem = <K extends RefKind>(kind: K, id: number) =>
  request<RefItem<K>>('GET', `/${kind}/${id}`, undefined, { quiet: true });

/** How a filter's entry is read when no result named it: the label a card would carry. */
const READERS: Partial<Record<LabelKind, (id: number) => Promise<string>>> = {
  type: async (id) => aircraftTypeLabel(await refItem('aircraft-types', id)),
  airline: async (id) => airlineLabel(await refItem('airlines', id)),
  airport: async (id) => airportLabel(await refItem('airports', id)),
  user: async (id) => (await request<PublicUser>('GET', `/users/${id}`, undefined, { quiet: true })).username,
};

/**
 * Names the filters a search's results could not (no photo matched: an airline without photos yet)
 * by reading their entries once the results are in; the page shows them as soon as they come. An
 * entry that cannot be read keeps its number.
 */
export function useUnnamedLabels(params: Readonly<Record<string, string>>, settled: boolean): void {
  const unnamed = (Object.keys(READERS) as LabelKind[]).flatMap((kind) => {
    const id = Number(params[kind]);
    return Number.isInteger(id) && id > 0 && !known.has(`${kind}:${id}`) ? [{ kind, id }] : [];
  });
  useQueries({
    queries: unnamed.map(({ kind, id }) => ({
      queryKey: referenceKeys.label(kind, id),
      queryFn: async () => {
        const label = await READERS[kind]!(id);
        rememberLabel(kind, id, label);
        return label;
      },
      enabled: settled,
      staleTime: Infinity,
      retry: false,
    })),
  });
}
