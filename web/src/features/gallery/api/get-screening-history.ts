import type { ScreeningView } from '@contract/screening';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { galleryKeys } from './keys.js';

/** The screening record of a photo (level ≥ 1): the photo page shows its history. */
export function getScreeningHistory(id: number): Promise<ScreeningView['history']> {
  return request<ScreeningView>('GET', `/screening/photos/${id}`, undefined, { quiet: true }).then((v) => v.history);
}

export const screeningHistoryQuery = (id: number) =>
  queryOptions({ queryKey: galleryKeys.screeningHistory(id), queryFn: () => getScreeningHistory(id), retry: false });

export const useScreeningHistory = (id: number, enabled: boolean) => useQuery({ ...screeningHistoryQuery(id), enabled });
