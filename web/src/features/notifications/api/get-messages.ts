import type { MessagesResponse } from '@contract/messages';
import { infiniteQueryOptions, queryOptions, skipToken, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { messageKeys } from './keys.js';

/** Messages members sent through `联系摄影师`, newest first, with the unread count. */
export function getMessages(cursor: string | null, limit: number, opts: { quiet?: boolean } = {}): Promise<MessagesResponse> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return request<MessagesResponse>('GET', `/messages?${params}`, undefined, opts);
}

/** The unread count beside the header's username, with the notifications' one (quiet, every minute). */
export const unreadMessagesQuery = (userId: number | null) =>
  queryOptions({
    queryKey: messageKeys.unread(userId),
    queryFn: userId === null ? skipToken : () => getMessages(null, 1, { quiet: true }).then((r) => r.unread),
    refetchInterval: 60_000,
    refetchOnWindowFocus: 'always',
    retry: false,
  });

export const useUnreadMessages = (userId: number | null) => useQuery(unreadMessagesQuery(userId));

export const messagesQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: messageKeys.inbox(userId),
    queryFn: ({ pageParam }) => getMessages(pageParam, 20),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useMessages = (userId: number) => useInfiniteQuery(messagesQuery(userId));
