import { useSyncExternalStore } from 'react';

const NARROW = '(max-width: 767px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Phones get cards and a full-width drawer instead of a nine-column table. */
export const useNarrow = () => useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches);
