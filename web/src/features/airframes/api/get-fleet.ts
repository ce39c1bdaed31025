import type { FleetResponse } from '@contract/fleets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { airframeKeys } from './keys.js';

export type FleetBy = 'airline' | 'type';

/** An airline's fleet by type, or a type's by operator (`missing`: only the aircraft without a photo). */
export function getFleet(by: FleetBy, id: number, missing: boolean): Promise<FleetResponse> {
  const path = by === 'airline' ? `/airlines/${id}/fleet` : `/aircraft-types/${id}/fleet`;
  // Quiet: an unknown airline or type is the page's own 404, not a notice.
  return request<FleetResponse>('GET', `${path}${missing ? '?missing=1' : ''}`, undefined, { quiet: true });
}

export const useFleet = (by: FleetBy, id: number, missing: boolean) =>
  useQuery(
    queryOptions({
      queryKey: airframeKeys.fleet(by, id, missing),
      queryFn: () => getFleet(by, id, missing),
      retry: false,
      enabled: id > 0,
      // 还没有照片 switched: the list shown stays until the other arrives (the page does not flash 加载中…).
      placeholderData: (previous) => (previous?.subject.id === id ? previous : undefined),
    }),
  );
