import { userKeys } from '../../../lib/query-keys.js';

// The accounts feature's query keys; member pages sit under the shared `users` root, which an edit
// or a deletion of a photo elsewhere refreshes.
export const accountKeys = {
  me: ['me'] as const,
  user: (id: number) => [...userKeys.all, id] as const,
  userPhotos: (id: number) => [...userKeys.all, id, 'photos'] as const,
  userStatistics: (id: number) => [...userKeys.all, id, 'statistics'] as const,
};
