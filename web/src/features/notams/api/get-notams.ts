import type { notamsResponse } from '@contract/manage';
import type { z } from '@contract/zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { notamPageKeys } from './keys.js';

type NotamsResponse = z.infer<typeof notamsResponse>;

/** Every NOTAM, newest first, published or not (level 3). */
export function getNotams(): Promise<NotamsResponse> {
  return request<NotamsResponse>('GET', '/notams');
}

export const notamsQuery = queryOptions({ queryKey: notamPageKeys.list, queryFn: getNotams });

export const useNotams = () => useQuery(notamsQuery);
