import type { PhotoEdit, PhotoResponse } from '@contract/photos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';

export function editPhoto(id: number, patch: PhotoEdit): Promise<{ message: string; photo: PhotoResponse }> {
  return action<{ message: string; photo: PhotoResponse }>({ method: 'PUT', path: `/photos/${id}`, json: patch });
}

export function useEditPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: PhotoEdit }) => editPhoto(id, patch),
    onSuccess: () => client.invalidateQueries({ queryKey: ['queue'] }),
  });
}
