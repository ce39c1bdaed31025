import type { MessageBody } from '@contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { photoKeys, userKeys } from '../../../lib/query-keys.js';

export function deletePhoto(id: number): Promise<MessageBody> {
  return action<MessageBody>({ method: 'DELETE', path: `/photos/${id}` });
}

export function useDeletePhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: photoKeys.one(id) });
      void client.invalidateQueries({ queryKey: photoKeys.all });
      void client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
