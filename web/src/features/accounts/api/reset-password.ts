import type { ResetRequest } from '@contract/accounts';
import type { MessageBody } from '@contract/errors';
import { useMutation } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';

export function resetPassword(body: ResetRequest): Promise<MessageBody> {
  return action<MessageBody>({ method: 'POST', path: '/user/password/reset', json: body });
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
