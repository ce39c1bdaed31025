import type { RejectQueueResponse } from '@contract/photos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { uploadKeys } from './keys.js';

export function getRejectQueue(): Promise<RejectQueueResponse> {
  return request<RejectQueueResponse>('GET', '/queue/reject');
}

export const rejectQueueQuery = queryOptions({ queryKey: uploadKeys.rejectQueue, queryFn: getRejectQueue });

export const useRejectQueue = () => useQuery(rejectQueueQuery);
