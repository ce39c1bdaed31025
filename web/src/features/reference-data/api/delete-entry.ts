import type { Done } from '@contract/manage';
import type { RefKind } from '@contract/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { referenceDataKeys } from './keys.js';

/** Deletes an entry no photo names; the server refuses a used one (merge it instead). */
export function deleteEntry(kind: RefKind, id: number): Promise<Done> {
  return action<Done>({ method: 'DELETE', path: `/${kind}/${id}` });
}

export function useDeleteEntry(kind: RefKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteEntry(kind, id),
    onSuccess: () => client.invalidateQueries({ queryKey: referenceDataKeys.all }),
  });
}
