import type { decisionResponse, DecisionRequest } from '@contract/screening';
import type { z } from '@contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { screeningKeys } from './keys.js';

type DecisionResponse = z.infer<typeof decisionResponse>;

/** Accept, reject or escalate, with the screener's fact corrections; needs the lock (409 without). */
export function decidePhoto(id: number, decision: DecisionRequest): Promise<DecisionResponse> {
  return action<DecisionResponse>({ method: 'POST', path: `/screening/photos/${id}/decision`, json: decision });
}

export function useDecidePhoto(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: DecisionRequest) => decidePhoto(id, decision),
    onSuccess: () => client.invalidateQueries({ queryKey: screeningKeys.all }),
  });
}
