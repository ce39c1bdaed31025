import type { ScreeningView } from '@contract/screening';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { screeningKeys } from './keys.js';

/** Everything the screening page shows of one photo, with the actions this screener may take now. */
export function getScreeningView(id: number): Promise<ScreeningView> {
  return request<ScreeningView>('GET', `/screening/photos/${id}`);
}

export const screeningViewQuery = (id: number) =>
  queryOptions({ queryKey: screeningKeys.photo(id), queryFn: () => getScreeningView(id), retry: false });

export const useScreeningView = (id: number) => useQuery(screeningViewQuery(id));
