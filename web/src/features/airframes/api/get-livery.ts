import type { LiveryResponse } from '@contract/airframes';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { airframeKeys } from './keys.js';

/** A livery with the aircraft seen in it. */
export function getLivery(id: number): Promise<LiveryResponse> {
  return request<LiveryResponse>('GET', `/liveries/${id}`, undefined, { quiet: true });
}

export const useLivery = (id: number) =>
  useQuery({ queryKey: airframeKeys.livery(id), queryFn: () => getLivery(id), retry: false, enabled: id > 0 });
