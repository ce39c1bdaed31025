import type { PickPotwRequest, PotwCurrentResponse, PotwEntry, PotwListResponse } from '@contract/potw';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { action, request } from './api.js';
import { potwKeys } from './query-keys.js';

// Shared, not a feature's: the home page heads with this week's photo, /potw keeps the archive, and the
// photo page lets a senior screener pick one.

export const potwCurrentQuery = () =>
  queryOptions({
    queryKey: potwKeys.current,
    queryFn: () => request<PotwCurrentResponse>('GET', '/potw/current'),
  });

export const usePotwCurrent = () => useQuery(potwCurrentQuery());

export const potwArchiveQuery = () =>
  infiniteQueryOptions({
    queryKey: potwKeys.archive,
    queryFn: ({ pageParam }) =>
      request<PotwListResponse>('GET', `/potw?${new URLSearchParams(pageParam ? { cursor: pageParam } : {})}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const usePotwArchive = () => useInfiniteQuery(potwArchiveQuery());

/** The weeks picked ahead (senior screeners). */
export const usePotwUpcoming = (enabled: boolean) =>
  useQuery({ queryKey: potwKeys.upcoming, queryFn: () => request<PotwListResponse>('GET', '/potw/upcoming'), enabled });

export function usePickPotw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PickPotwRequest) =>
      action<{ message: string; entry: PotwEntry }>({ method: 'POST', path: '/potw', json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: potwKeys.all }),
  });
}

export function useRemovePotw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (week: string) => action<{ message: string }>({ method: 'DELETE', path: `/potw/${week}` }),
    onSuccess: () => client.invalidateQueries({ queryKey: potwKeys.all }),
  });
}
