import type { decisionResponse, revokeRequest } from '@contract/screening';
import type { z } from '@contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { screeningKeys } from './keys.js';

type RevokeRequest = z.infer<typeof revokeRequest>;
type DecisionResponse = z.infer<typeof decisionResponse>;

/** A senior takes back an acceptance: the photo leaves the gallery and waits again. */
export function revokePhoto(id: number, body: RevokeRequest): Promise<DecisionResponse> {
  return action<DecisionResponse>({ method: 'POST', path: `/screening/photos/${id}/revoke`, json: body });
}

export function useRevokePhoto(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevokeRequest) => revokePhoto(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: screeningKeys.all }),
  });
}
