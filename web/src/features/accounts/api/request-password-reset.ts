import type { MessageBody } from '@contract/errors';
import { useMutation } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';

export function requestPasswordReset(email: string): Promise<MessageBody> {
  return action<MessageBody>({ method: 'POST', path: '/user/password/forgot', json: { email } });
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
