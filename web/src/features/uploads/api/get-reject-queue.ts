import type { RejectQueueResponse } from '@contract/photos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';

export function getRejectQueue(): Promise<RejectQueueResponse> {
  return request<RejectQueueResponse>('GET', '/queue/reject');
}

export const rejectQueueQuery = queryOptions({ queryKey: ['queue', 'reject'], queryFn: getRejectQueue });

export const useRejectQueue = () => useQuery(rejectQueueQuery);
