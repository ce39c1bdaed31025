import type { LiveryResponse } from '@contract/airframes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { airframeKeys } from './keys.js';

/** A livery with the aircraft seen in it. */
export function getLivery(id: number): Promise<LiveryResponse> {
  return request<LiveryResponse>('GET', `/liveries/${id}`, undefined, { quiet: true });
}

export const liveryQuery = (id: number) =>
  queryOptions({ queryKey: airframeKeys.livery(id), queryFn: () => getLivery(id), retry: false });

export const useLivery = (id: number) => useQuery({ ...liveryQuery(id), enabled: id > 0 });
