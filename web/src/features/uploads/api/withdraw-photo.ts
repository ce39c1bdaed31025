import type { MessageBody } from '@contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { uploadKeys } from './keys.js';

export function withdrawPhoto(id: number): Promise<MessageBody> {
  return action<MessageBody>({ method: 'POST', path: `/photos/${id}/withdraw` });
}

export function useWithdrawPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawPhoto,
    onSuccess: () => client.invalidateQueries({ queryKey: uploadKeys.queues }),
  });
}
