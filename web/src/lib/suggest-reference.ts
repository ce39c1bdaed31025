import type { RefAdded, RefKind } from '@contract/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from './api.js';
import { referenceKeys } from './query-keys.js';

/** A member's suggestion of a missing entry; usable by them at once, pending for everyone else. */
export function suggestReference<K extends RefKind>(kind: K, body: Record<string, string>): Promise<RefAdded<K>> {
  return action<RefAdded<K>>({ method: 'POST', path: `/${kind}`, json: body });
}

export function useSuggestReference<K extends RefKind>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, string>) => suggestReference(kind, body),
    onSuccess: () => client.invalidateQueries({ queryKey: referenceKeys.kind(kind) }),
  });
}
