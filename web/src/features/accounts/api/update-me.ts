import type { MeResponse, UpdateMeRequest } from '@contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { readSession, saveSession } from '../../../lib/session.js';
import { accountKeys } from './keys.js';

export function updateMe(body: UpdateMeRequest): Promise<{ message: string; me: MeResponse }> {
  return action<{ message: string; me: MeResponse }>({ method: 'PUT', path: '/user/me', json: body });
}

export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: async ({ me }) => {
      client.setQueryData(accountKeys.me, me);
      // The header shows the session's username: keep it in step with a new one.
      const session = readSession();
      if (session && session.id === me.id && session.username !== me.username) saveSession({ ...session, username: me.username });
      await client.invalidateQueries({ queryKey: accountKeys.user(me.id) });
    },
  });
}
