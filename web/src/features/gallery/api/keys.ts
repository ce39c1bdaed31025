import { photoKeys, screeningKeys } from '../../../lib/query-keys.js';

// The gallery feature's query keys. A photo's own key and the search are shared (lib/query-keys.ts);
// the screening history sits under `screening`, so a decision refreshes it.
export const galleryKeys = {
  photo: photoKeys.one,
  related: (id: number) => [...photoKeys.one(id), 'related'] as const,
  screeningHistory: (id: number) => [...screeningKeys.all, 'photos', id, 'history'] as const,
};
