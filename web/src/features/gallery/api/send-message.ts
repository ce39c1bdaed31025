import type { NewMessage } from '@contract/messages';
import { useMutation } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';

/** `联系摄影师`: to the photographer's inbox and mail; the server allows 5 per sender per 24 hours. */
export function sendMessage(body: NewMessage): Promise<{ message: string }> {
  return action<{ message: string }>({ method: 'POST', path: '/messages', json: body });
}

export const useSendMessage = () => useMutation({ mutationFn: sendMessage });
