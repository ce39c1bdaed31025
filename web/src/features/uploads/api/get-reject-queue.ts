import type { RejectQueueResponse } from '@contract/photos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';

export const rejectQueueQuery = queryOptions({
  queryKey: ['queue', 'reject'],
  queryFn: () => request<RejectQueueResponse>('GET', '/queue/reject'),
});

export const useRejectQueue = () => useQuery(rejectQueueQuery);
