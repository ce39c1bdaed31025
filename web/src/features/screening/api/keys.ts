import type { ScreeningTab } from '@contract/screening';
import { screeningKeys as shared } from '../../../lib/query-keys.js';

// The screening feature's query keys. A decision refreshes the whole `screening` root: the queue,
// the statistics, the photo's view and the photo page's screening history.
export const screeningKeys = {
  all: shared.all,
  queue: [...shared.all, 'queue'] as const,
  tab: (tab: ScreeningTab) => [...shared.all, 'queue', tab] as const,
  photo: (id: number) => [...shared.all, 'photos', id] as const,
  stats: [...shared.all, 'stats'] as const,
};
