import type { Done, ReviewRequest } from '@contract/manage';
import type { RefKind } from '@contract/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { referenceDataKeys } from './keys.js';

/** Turns a member's suggestion down; the reason (optional) goes to the member's inbox. */
export function rejectSuggestion(kind: RefKind, id: number, body: ReviewRequest): Promise<Done> {
  return action<Done>({ method: 'POST', path: `/${kind}/${id}/reject`, json: body });
}

export function useRejectSuggestion(kind: RefKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) => rejectSuggestion(kind, id, reason ? { reason } : {}),
    onSuccess: () => client.invalidateQueries({ queryKey: referenceDataKeys.all }),
  });
}
