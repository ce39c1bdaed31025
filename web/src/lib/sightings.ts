import type {
  ImportResponse,
  NewSighting,
  Sighting,
  SightingImport,
  SightingsResponse,
  SightingUpdate,
} from '@contract/sightings';
import { infiniteQueryOptions, skipToken, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from './api.js';
import { sightingKeys } from './query-keys.js';

// Shared, not a feature's: 见过 buttons sit on the airframe and photo pages; a member's page lists and
// changes the same sightings.

/** A member's sightings the viewer may read, newest day first (one airframe's when `airframe` is given). */
export const sightingsQuery = (userId: number | null, airframe: number | null = null) =>
  infiniteQueryOptions({
    queryKey: sightingKeys.list(userId ?? 0, airframe),
    queryFn:
      userId === null
        ? skipToken
        : ({ pageParam }) => {
            const q = new URLSearchParams();
            if (pageParam) q.set('cursor', pageParam);
            if (airframe !== null) q.set('airframe', String(airframe));
            const s = q.toString();
            return request<SightingsResponse>('GET', `/users/${userId}/sightings${s ? `?${s}` : ''}`);
          },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useSightings = (userId: number | null, airframe: number | null = null) =>
  useInfiniteQuery(sightingsQuery(userId, airframe));

/** The viewer's sightings of one airframe (the first page: how often, and whether today's is logged). */
export const useMySightingsOf = (userId: number | null, airframe: number) =>
  useQuery({
    queryKey: [...sightingKeys.list(userId ?? 0, airframe), 'first'],
    queryFn:
      userId === null
        ? skipToken
        : () => request<SightingsResponse>('GET', `/users/${userId}/sightings?airframe=${airframe}`, undefined, { quiet: true }),
    staleTime: 60_000,
  });

export function useSightingChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: sightingKeys.all });
  const log = useMutation({
    mutationFn: (body: Partial<NewSighting>) =>
      action<{ message: string; sighting: Sighting }>({ method: 'POST', path: '/sightings', json: body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: SightingUpdate & { id: number }) =>
      action<{ message: string; sighting: Sighting }>({ method: 'PUT', path: `/sightings/${id}`, json: body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => action<{ message: string }>({ method: 'DELETE', path: `/sightings/${id}` }),
    onSuccess: refresh,
  });
  const importText = useMutation({
    mutationFn: (body: Partial<SightingImport> & { text: string }) =>
      action<ImportResponse>({ method: 'POST', path: '/sightings/import', json: body }),
    onSuccess: refresh,
  });
  return { log, update, remove, importText };
}
