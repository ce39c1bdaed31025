import type { FailedJobsResponse } from '@contract/manage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { manageKeys } from './keys.js';

export function getFailedJobs(): Promise<FailedJobsResponse> {
  return request<FailedJobsResponse>('GET', '/manage/jobs');
}

export const failedJobsQuery = queryOptions({
  queryKey: manageKeys.failedJobs,
  queryFn: getFailedJobs,
  staleTime: 0,
  refetchInterval: 60_000,
});

/** Administrators only: the caller asks for it when the viewer may see it. */
export const useFailedJobs = (enabled: boolean) => useQuery({ ...failedJobsQuery, enabled });
