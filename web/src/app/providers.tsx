import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.js';

/** The one query cache; route loaders may fill it before a page renders (see router.tsx). */
export const queryClient = createQueryClient();

/** The app's providers; the server renders each page with a cache of its own. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
