import type { MergeRequest, MergeResponse } from '@contract/manage';
import type { RefKind } from '@contract/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { referenceDataKeys } from './keys.js';

/** Merges a duplicate into another entry: the photos naming it follow, the duplicate is listed no more. */
export function mergeEntry(kind: RefKind, id: number, body: MergeRequest): Promise<MergeResponse> {
  return action<MergeResponse>({ method: 'POST', path: `/${kind}/${id}/merge`, json: body });
}

export function useMergeEntry(kind: RefKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, intoId }: { id: number; intoId: number }) => mergeEntry(kind, id, { intoId }),
    onSuccess: () => client.invalidateQueries({ queryKey: referenceDataKeys.all }),
  });
}
