import type { PhotoEdit, PhotoResponse } from '@contract/photos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';

/** The owner's edit; a key-fact change on an accepted photo sends it back to screening. */
export function editPhoto({ id, patch }: { id: number; patch: PhotoEdit }): Promise<{ message: string; photo: PhotoResponse }> {
  return action<{ message: string; photo: PhotoResponse }>({ method: 'PUT', path: `/photos/${id}`, json: patch });
}

export function useEditPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editPhoto,
    onSuccess: async ({ photo }) => {
      client.setQueryData(['photos', photo.id], photo);
      // Lists and relations may now show it differently, or not at all.
      await client.invalidateQueries({ queryKey: ['photos'], predicate: (q) => q.queryKey[1] !== photo.id });
      await client.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
