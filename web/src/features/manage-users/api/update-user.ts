import type { adminUserResponse, UpdateUserRequest } from '@contract/manage';
import type { z } from '@contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { manageUserKeys } from './keys.js';

type AdminUserResponse = z.infer<typeof adminUserResponse>;

/** Level, suspension, lifting or slots; the server refuses an administrator's own demotion or suspension. */
export function updateUser(id: number, body: UpdateUserRequest): Promise<AdminUserResponse> {
  return action<AdminUserResponse>({ method: 'PUT', path: `/admin/users/${id}`, json: body });
}

export function useUpdateUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) => updateUser(id, body),
    // The list and the detail (with its new audit entry) both show the change.
    onSuccess: () => client.invalidateQueries({ queryKey: manageUserKeys.all }),
  });
}
