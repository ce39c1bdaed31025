import type { Done } from '@contract/manage';
import type { RefKind } from '@contract/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { referenceDataKeys } from './keys.js';

/** A member's suggestion becomes available to everyone; the member is told in their inbox. */
export function approveSuggestion(kind: RefKind, id: number): Promise<Done> {
  return action<Done>({ method: 'POST', path: `/${kind}/${id}/approve` });
}

export function useApproveSuggestion(kind: RefKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => approveSuggestion(kind, id),
    onSuccess: () => client.invalidateQueries({ queryKey: referenceDataKeys.all }),
  });
}
