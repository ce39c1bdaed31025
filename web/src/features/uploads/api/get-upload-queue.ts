import type { UploadQueueResponse } from '@contract/photos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';

export const uploadQueueQuery = queryOptions({
  queryKey: ['queue', 'upload'],
  queryFn: () => request<UploadQueueResponse>('GET', '/queue/upload'),
});

export const useUploadQueue = () => useQuery(uploadQueueQuery);
