import type { LikeResponse } from '@contract/gallery';
import type { PhotoResponse } from '@contract/photos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';

/** Likes (`liked: true`) or unlikes a photo; the answer carries the new count. */
export function likePhoto({ id, liked }: { id: number; liked: boolean }): Promise<LikeResponse> {
  return action<LikeResponse>({ method: liked ? 'PUT' : 'DELETE', path: `/photos/${id}/like` });
}

export function useLikePhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: likePhoto,
    // A read of the photo under way (a member's own, just after a rendered page hydrated) must not
    // land after the like's answer with the count from before it.
    onMutate: ({ id }) => client.cancelQueries({ queryKey: ['photos', id], exact: true }),
    onSuccess: (answer, { id }) =>
      client.setQueryData<PhotoResponse>(
        ['photos', id],
        (photo) => photo && { ...photo, liked: answer.liked, likes: answer.likes },
      ),
  });
}
