import { useEffect } from 'react';
import { onScrollToBottom } from './scroll-bottom.js';

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Loads the next page of a list once the reader has stayed at the bottom of the page for the
 * scroll helper's delay (§2.7); listening only while there is a next page and none is on its way.
 */
export function useLoadMoreAtBottom({ hasNextPage, isFetchingNextPage, fetchNextPage }: Pages, delay?: number): void {
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    return onScrollToBottom(() => void fetchNextPage(), delay);
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, delay]);
}
