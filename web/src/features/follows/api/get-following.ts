import type { FollowingResponse } from '@contract/follows';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { followKeys } from '../../../lib/query-keys.js';

/** The newest accepted photos of everything the member follows. */
export function getFollowing(cursor: string | null): Promise<FollowingResponse> {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  return request<FollowingResponse>('GET', `/following?${query}`);
}

export const followingQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: followKeys.feed(userId),
    queryFn: ({ pageParam }) => getFollowing(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useFollowing = (userId: number) => useInfiniteQuery(followingQuery(userId));
