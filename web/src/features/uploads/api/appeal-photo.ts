import type { MessageBody } from '@contract/errors';
import type { appealRequest } from '@contract/screening';
import type { z } from '@contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { uploadKeys } from './keys.js';

type AppealRequest = z.infer<typeof appealRequest>;

/** One appeal per rejected photo, within 14 days; a senior screener who did not reject it decides. */
export function appealPhoto(id: number, body: AppealRequest): Promise<MessageBody> {
  return action<MessageBody>({ method: 'POST', path: `/photos/${id}/appeal`, json: body });
}

export function useAppealPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => appealPhoto(id, { note }),
    onSuccess: () => client.invalidateQueries({ queryKey: uploadKeys.rejectQueue }),
  });
}
