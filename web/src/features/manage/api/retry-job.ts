import type { MessageBody } from '@contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { manageKeys } from './keys.js';

export function retryJob(id: number): Promise<MessageBody> {
  return action<MessageBody>({ method: 'POST', path: `/manage/jobs/${id}/retry` });
}

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => client.invalidateQueries({ queryKey: manageKeys.failedJobs }),
  });
}
