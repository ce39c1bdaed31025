import type { OpenVoteRequest, Vote, VotesResponse } from '@contract/manage';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from './api.js';
import { voteKeys } from './query-keys.js';

// Shared, not a feature's: the photo page opens a vote and shows the open one; /manage/vote lists them.

export function getVotes(params: { state: 'open' | 'closed'; photoId?: number; cursor?: string | null }): Promise<VotesResponse> {
  const search = new URLSearchParams({ state: params.state });
  if (params.photoId) search.set('photoId', String(params.photoId));
  if (params.cursor) search.set('cursor', params.cursor);
  return request<VotesResponse>('GET', `/votes?${search}`);
}

/** The photo's open vote, if any (one at most). */
export const photoVoteQuery = (photoId: number) =>
  queryOptions({
    queryKey: voteKeys.photo(photoId),
    queryFn: async (): Promise<Vote | null> => (await getVotes({ state: 'open', photoId })).items[0] ?? null,
  });

export const usePhotoVote = (photoId: number, enabled: boolean) => useQuery({ ...photoVoteQuery(photoId), enabled });

export function openVote(body: OpenVoteRequest): Promise<{ message: string; vote: Vote }> {
  return action<{ message: string; vote: Vote }>({ method: 'POST', path: '/votes', json: body });
}

export function useOpenVote() {
  const client = useQueryClient();
  return useMutation({ mutationFn: openVote, onSuccess: () => client.invalidateQueries({ queryKey: voteKeys.all }) });
}
