import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.js';
import { collectionKeys, sightingKeys } from '../lib/query-keys.js';
import { subscribeSession } from '../lib/session.js';

/** The one query cache; route loaders may fill it before a page renders (see router.tsx). */
export const queryClient = createQueryClient();

// What one viewer may read of a member (private sightings and collections, their notes) is not kept for the
// next: logging out or in as someone else drops it from the cache.
if (typeof window !== 'undefined') {
  subscribeSession(() => {
    for (const queryKey of [sightingKeys.all, collectionKeys.all]) queryClient.removeQueries({ queryKey });
  });
}

/** The app's providers; the server renders each page with a cache of its own. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
