import type { MessageBody } from '@contract/errors';
import { useMutation } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { clearSession } from '../../../lib/session.js';

/** Deletes the account (its password confirms it); the server anonymises it and revokes every session. */
export function deleteMe(password: string): Promise<MessageBody> {
  return action<MessageBody>({ method: 'DELETE', path: '/user/me', json: { password } });
}

export const useDeleteMe = () => useMutation({ mutationFn: deleteMe, onSuccess: clearSession });
