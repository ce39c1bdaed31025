import { registrationKey } from '@contract/catalogues';
import { searchFollowTarget, type FollowKind } from '@contract/follow-rules';
import type { Follow, FollowRequest, FollowsResponse, FollowUpdate } from '@contract/follows';
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from './api.js';
import { followKeys } from './query-keys.js';

// Shared, not a feature's: 关注 buttons sit on the photo page, member pages, searches and airframes;
// /following lists and changes the same follows.

/** The member's follows (200 at most), asked once and shared by every button on the page. */
export const myFollowsQuery = (userId: number | null) =>
  queryOptions({
    queryKey: followKeys.mine(userId),
    queryFn: userId === null ? skipToken : () => request<FollowsResponse>('GET', '/follows'),
    staleTime: 60_000,
  });

export const useMyFollows = (userId: number | null) => useQuery(myFollowsQuery(userId));

/** A target as the server stores it, so a button finds its follow: B-30EE → B30EE, a search in order. */
export function storedTarget(kind: FollowKind, target: string): string {
  if (kind === 'registration') return registrationKey(target);
  if (kind === 'search') return searchFollowTarget(target);
  return target;
}

export function useFollowChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: followKeys.all });
  const follow = useMutation({
    mutationFn: (body: Omit<FollowRequest, 'mail'> & { mail?: FollowRequest['mail'] }) =>
      action<{ message: string; follow: Follow }>({ method: 'POST', path: '/follows', json: body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: FollowUpdate & { id: number }) =>
      action<{ message: string; follow: Follow }>({ method: 'PUT', path: `/follows/${id}`, json: body }),
    onSuccess: refresh,
  });
  const unfollow = useMutation({
    mutationFn: (id: number) => action<{ message: string }>({ method: 'DELETE', path: `/follows/${id}` }),
    onSuccess: refresh,
  });
  return { follow, update, unfollow };
}
