import type { NotificationsResponse } from '@contract/screening';
import { infiniteQueryOptions, queryOptions, skipToken, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { notificationKeys } from './keys.js';

export function getNotifications(
  cursor: string | null,
  limit: number,
  opts: { quiet?: boolean } = {},
): Promise<NotificationsResponse> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return request<NotificationsResponse>('GET', `/notifications?${params}`, undefined, opts);
}

/**
 * The unread count for the header: one item asked for, every minute and whenever the window gets
 * focus. Quiet, so a dropped connection does not raise a notice each minute.
 */
export const unreadQuery = (userId: number | null) =>
  queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: userId === null ? skipToken : () => getNotifications(null, 1, { quiet: true }).then((r) => r.unread),
    refetchInterval: 60_000,
    refetchOnWindowFocus: 'always',
    retry: false,
  });

export const useUnreadCount = (userId: number | null) => useQuery(unreadQuery(userId));

export const inboxQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.inbox(userId),
    queryFn: ({ pageParam }) => getNotifications(pageParam, 20),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useInbox = (userId: number) => useInfiniteQuery(inboxQuery(userId));
