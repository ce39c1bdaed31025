import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/** The app's query cache settings; tests make theirs with the same ones (and no retries). */
export function createQueryClient(queries: NonNullable<DefaultOptions['queries']> = {}): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, ...queries } },
  });
}
