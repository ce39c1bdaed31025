import type { NotamRequest, notamResponse } from '@contract/manage';
import type { z } from '@contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { notamPageKeys } from './keys.js';

type NotamResponse = z.infer<typeof notamResponse>;

/** POST /notams: a new NOTAM, published at once or kept as a draft. */
export function createNotam(body: NotamRequest): Promise<NotamResponse> {
  return action<NotamResponse>({ method: 'POST', path: '/notams', json: body });
}

export function useCreateNotam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createNotam,
    onSettled: () => client.invalidateQueries({ queryKey: notamPageKeys.all }),
  });
}
