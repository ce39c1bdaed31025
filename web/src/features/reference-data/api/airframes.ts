import type {
  AirframeEdit,
  AirframePeriodEdit,
  AirframeResolveResponse,
  AirframeResponse,
  AirframesResponse,
  AirframeWriteResponse,
  LiveryCreate,
  UnlinkedResponse,
} from '@contract/airframes';
import type { PhotoResponse } from '@contract/photos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '../../../lib/api.js';

// The airframes tab of /manage/data: the photos screeners must place, a registration's airframes with
// merge, split and edit, and new liveries. Every write refreshes everything under `airframes`.
const keys = {
  all: ['airframes'] as const,
  unlinked: ['airframes', 'unlinked'] as const,
  byReg: (reg: string) => ['airframes', 'manage', reg] as const,
  one: (id: number) => ['airframes', id] as const,
  candidates: (photoId: number) => ['airframes', 'candidates', photoId] as const,
};

export const useUnlinked = () =>
  useQuery({ queryKey: keys.unlinked, queryFn: () => request<UnlinkedResponse>('GET', '/airframes/unlinked') });

export const useAirframesOf = (reg: string) =>
  useQuery({
    queryKey: keys.byReg(reg),
    queryFn: () => request<AirframesResponse>('GET', `/airframes?reg=${encodeURIComponent(reg)}`),
    enabled: reg !== '',
  });

export const useAirframeDetail = (id: number) =>
  useQuery({ queryKey: keys.one(id), queryFn: () => request<AirframeResponse>('GET', `/airframes/${id}`) });

/** The aircraft an unplaced photo could be (those that carried its registration). */
export const useCandidates = (photo: PhotoResponse) =>
  useQuery({
    queryKey: keys.candidates(photo.id),
    queryFn: () =>
      request<AirframeResolveResponse>(
        'GET',
        `/airframes/resolve?${new URLSearchParams({
          reg: photo.registration,
          takenOn: photo.takenOn,
          ...(photo.aircraftType ? { type: String(photo.aircraftType.id) } : {}),
          ...(photo.msn ? { msn: photo.msn.slice(0, 30) } : {}),
        })}`,
      ),
  });

type Write =
  | { kind: 'place'; id: number; photoIds: number[] }
  | { kind: 'merge'; id: number; intoId: number }
  | { kind: 'split'; id: number; photoIds: number[] }
  | { kind: 'edit'; id: number; patch: AirframeEdit }
  | { kind: 'period'; id: number; body: AirframePeriodEdit };

function write(w: Write): Promise<AirframeWriteResponse> {
  switch (w.kind) {
    case 'place':
      return action({ method: 'POST', path: `/airframes/${w.id}/photos`, json: { photoIds: w.photoIds } });
    case 'merge':
      return action({ method: 'POST', path: `/airframes/${w.id}/merge`, json: { intoId: w.intoId } });
    case 'split':
      return action({ method: 'POST', path: `/airframes/${w.id}/split`, json: { photoIds: w.photoIds } });
    case 'edit':
      return action({ method: 'PUT', path: `/airframes/${w.id}`, json: w.patch });
    case 'period':
      return action({ method: 'PUT', path: `/airframes/${w.id}/periods`, json: w.body });
  }
}

export function useAirframeWrite() {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export function useCreateLivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LiveryCreate) => action<{ message: string }>({ method: 'POST', path: '/liveries', json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
