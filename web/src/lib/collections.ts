import type {
  CollectionPage,
  CollectionsResponse,
  CollectionSummary,
  CollectionUpdate,
  NewCollection,
} from '@contract/collections';
import { infiniteQueryOptions, queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from './api.js';
import { collectionKeys } from './query-keys.js';

// Shared, not a feature's: the photo page's 收藏 menu, a member's page and a collection's own page read and
// change the same collections.

/** A member's collections the viewer may see; the viewer's own say which hold `photo`. */
export const collectionsOfUser = (userId: number | null, photo: number | null = null) =>
  queryOptions({
    queryKey: collectionKeys.ofUser(userId ?? 0, photo),
    queryFn:
      userId === null
        ? skipToken
        : () =>
            request<CollectionsResponse>(
              'GET',
              `/users/${userId}/collections${photo !== null ? `?photo=${photo}` : ''}`,
              undefined,
              { quiet: true },
            ),
  });

export const useCollectionsOf = (userId: number | null, photo: number | null = null) =>
  useQuery(collectionsOfUser(userId, photo));

/** A collection's page: it and its photos, the one added last first. */
export const collectionPageQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: collectionKeys.page(id),
    queryFn: ({ pageParam }) =>
      request<CollectionPage>('GET', `/collections/${id}${pageParam ? `?cursor=${pageParam}` : ''}`, undefined, { quiet: true }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });

export function useCollectionChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: collectionKeys.all });
  const create = useMutation({
    mutationFn: (body: Partial<NewCollection> & { name: string }) =>
      action<{ message: string; collection: CollectionSummary }>({ method: 'POST', path: '/collections', json: body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: CollectionUpdate & { id: number }) =>
      action<{ message: string; collection: CollectionSummary }>({ method: 'PUT', path: `/collections/${id}`, json: body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => action<{ message: string }>({ method: 'DELETE', path: `/collections/${id}` }),
    onSuccess: refresh,
  });
  const toggle = useMutation({
    mutationFn: ({ id, photoId, on }: { id: number; photoId: number; on: boolean }) =>
      action<{ message: string }>({ method: on ? 'PUT' : 'DELETE', path: `/collections/${id}/photos/${photoId}` }),
    onSuccess: refresh,
  });
  return { create, update, remove, toggle };
}
