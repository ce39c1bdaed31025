import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getVotes } from '../../../lib/votes.js';
import { votePageKeys } from './keys.js';

export type VoteTab = 'open' | 'closed';

export const votesQuery = (state: VoteTab) =>
  infiniteQueryOptions({
    queryKey: votePageKeys.list(state),
    queryFn: ({ pageParam }) => getVotes({ state, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Other screeners' ballots change the counts; the list is cheap to ask again.
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });

export const useVotes = (state: VoteTab) => useInfiniteQuery(votesQuery(state));
