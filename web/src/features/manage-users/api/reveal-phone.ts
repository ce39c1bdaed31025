import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { manageUserKeys } from './keys.js';

/** The member's whole number (issue 38): the server writes who asked into the audit log. */
export function useRevealPhone(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => action<{ message: string; phone: string | null }>({ method: 'POST', path: `/admin/users/${id}/phone` }),
    // The audit list below shows the asking.
    onSuccess: () => client.invalidateQueries({ queryKey: manageUserKeys.user(id) }),
  });
}
