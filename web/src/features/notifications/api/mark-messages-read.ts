import type { MessageBody } from '@contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { messageKeys } from './keys.js';

export function markMessagesRead(): Promise<MessageBody> {
  return action<MessageBody>({ method: 'POST', path: '/messages/read' });
}

export function useMarkMessagesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markMessagesRead,
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
