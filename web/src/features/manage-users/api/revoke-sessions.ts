import type { done } from '@contract/manage';
import type { z } from '@contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { manageUserKeys } from './keys.js';

type Done = z.infer<typeof done>;

/** Signs the user out on every device. */
export function revokeSessions(id: number): Promise<Done> {
  return action<Done>({ method: 'POST', path: `/admin/users/${id}/sessions/revoke` });
}

export function useRevokeSessions(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => revokeSessions(id),
    onSuccess: () => client.invalidateQueries({ queryKey: manageUserKeys.user(id) }),
  });
}
