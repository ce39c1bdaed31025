import type { PhotoEditBody, PhotoResponse } from '@contract/photos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from './api.js';
import { photoKeys, queueKeys, userKeys } from './query-keys.js';

// Shared, not a feature's: the owner edits on the photo page and in the own upload queue.

/** The owner's edit, only the changed facts; a key-fact change on an accepted photo sends it back to screening. */
export function editPhoto({
  id,
  patch,
}: {
  id: number;
  patch: PhotoEditBody;
}): Promise<{ message: string; photo: PhotoResponse }> {
  return action<{ message: string; photo: PhotoResponse }>({ method: 'PUT', path: `/photos/${id}`, json: patch });
}

export function useEditPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editPhoto,
    onSuccess: async ({ photo }) => {
      client.setQueryData(photoKeys.one(photo.id), photo);
      // The gallery, the member's pages and the own queue may now show it differently, or not at all.
      await Promise.all([
        client.invalidateQueries({ queryKey: photoKeys.all, predicate: (q) => q.queryKey[1] !== photo.id }),
        client.invalidateQueries({ queryKey: userKeys.all }),
        client.invalidateQueries({ queryKey: queueKeys.all }),
      ]);
    },
  });
}
