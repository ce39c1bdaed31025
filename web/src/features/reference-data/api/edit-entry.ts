import type { RefAdded, RefKind } from '@contract/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { referenceDataKeys } from './keys.js';

/** Saves a screener's correction of an entry (or of a suggestion before approving it). */
export function editEntry<K extends RefKind>(kind: K, id: number, body: Record<string, string>): Promise<RefAdded<K>> {
  return action<RefAdded<K>>({ method: 'PUT', path: `/${kind}/${id}`, json: body });
}

export function useEditEntry<K extends RefKind>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, string> }) => editEntry(kind, id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: referenceDataKeys.all }),
  });
}
