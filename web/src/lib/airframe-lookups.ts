import { useDebouncedValue } from './use-debounced-value.js';
import type { AirframeResolveResponse, LiveriesResponse } from '@contract/airframes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from './api.js';
import { airframeLookupKeys } from './query-keys.js';

// Shared, not a feature's: the facts form (upload, owner's edit, screening) asks which aircraft a
// photo shows and offers liveries.

/** Which aircraft a photo with these facts joins: one, a new one, or several that carried the registration. */
export function resolveAirframe(params: Readonly<Record<string, string>>): Promise<AirframeResolveResponse> {
  return request<AirframeResolveResponse>('GET', `/airframes/resolve?${new URLSearchParams(params)}`, undefined, { quiet: true });
}

export const useResolveAirframe = (params: Readonly<Record<string, string>> | null) =>
  useQuery({
    queryKey: airframeLookupKeys.resolve(params ?? {}),
    queryFn: () => resolveAirframe(params!),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

export function searchLiveries(q: string): Promise<LiveriesResponse> {
  return request<LiveriesResponse>('GET', `/liveries?q=${encodeURIComponent(q)}&limit=20`);
}

export const useLiverySearch = (q: string) =>
  useQuery({
    queryKey: airframeLookupKeys.liveries(q),
    queryFn: () => searchLiveries(q),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });

/** The paint schemes matching what is typed (searched once typing pauses), as choices: name · airline. */
export function useLiveryOptions(typed: string) {
  const settled = useDebouncedValue(typed.trim(), 200);
  const { data, isFetching } = useLiverySearch(settled);
  const options = (data?.items ?? []).map((l) => ({
    value: l.id,
    label: [l.name, l.airline?.label].filter(Boolean).join(' · '),
  }));
  return { options, isFetching };
}
