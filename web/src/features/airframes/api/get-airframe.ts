import type { AirframeResponse } from '@contract/airframes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { airframeKeys } from './keys.js';

/** One aircraft with its periods; a merged one answers as the one it was merged into. */
export function getAirframe(id: number): Promise<AirframeResponse> {
  // Quiet: an unknown airframe is the page's own 404, not a notice.
  return request<AirframeResponse>('GET', `/airframes/${id}`, undefined, { quiet: true });
}

export const airframeQuery = (id: number) =>
  queryOptions({ queryKey: airframeKeys.one(id), queryFn: () => getAirframe(id), retry: false });

export const useAirframe = (id: number) => useQuery({ ...airframeQuery(id), enabled: id > 0 });
