import type { MessageBody } from '@contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { notamPageKeys } from './keys.js';

export function deleteNotam(id: number): Promise<MessageBody> {
  return action<MessageBody>({ method: 'DELETE', path: `/notams/${id}` });
}

export function useDeleteNotam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteNotam,
    onSettled: () => client.invalidateQueries({ queryKey: notamPageKeys.all }),
  });
}
