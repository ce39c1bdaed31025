import type { UploadQueueResponse } from '@contract/photos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { uploadKeys } from './keys.js';

export function getUploadQueue(): Promise<UploadQueueResponse> {
  return request<UploadQueueResponse>('GET', '/queue/upload');
}

export const uploadQueueQuery = queryOptions({ queryKey: uploadKeys.uploadQueue, queryFn: getUploadQueue });

export const useUploadQueue = () => useQuery(uploadQueueQuery);
