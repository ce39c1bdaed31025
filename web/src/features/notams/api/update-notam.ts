import type { NotamRequest, notamResponse } from '@contract/manage';
import type { z } from '@contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { notamPageKeys } from './keys.js';

type NotamResponse = z.infer<typeof notamResponse>;

/** PUT /notams/{id}: the whole NOTAM again; publishing and unpublishing are edits of `published`. */
export function updateNotam(id: number, body: NotamRequest): Promise<NotamResponse> {
  return action<NotamResponse>({ method: 'PUT', path: `/notams/${id}`, json: body });
}

export function useUpdateNotam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: NotamRequest }) => updateNotam(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: notamPageKeys.all }),
  });
}
