import type { PhotoResponse } from '@contract/photos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { galleryKeys } from './keys.js';

/** One photo; the server counts the view and says whether a signed-in viewer likes it. */
export function getPhoto(id: number): Promise<PhotoResponse> {
  // Quiet: a photo that is gone or not public is shown as the page's own 404, not as a notice.
  return request<PhotoResponse>('GET', `/photos/${id}`, undefined, { quiet: true });
}

export const photoQuery = (id: number) =>
  queryOptions({ queryKey: galleryKeys.photo(id), queryFn: () => getPhoto(id), retry: false });

export const usePhoto = (id: number) => useQuery({ ...photoQuery(id), enabled: id > 0 });
