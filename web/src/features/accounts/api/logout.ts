import type { MessageBody } from '@contract/errors';
import { useMutation } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { clearSession } from '../../../lib/session.js';

/** Revokes the session on the server; the local session goes whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await action<MessageBody>({ method: 'POST', path: '/user/logout' });
  } finally {
    clearSession();
  }
}

export const useLogout = () => useMutation({ mutationFn: logout });
