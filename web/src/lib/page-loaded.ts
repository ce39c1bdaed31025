import { useSyncExternalStore } from 'react';

const complete = () => document.readyState === 'complete';

function subscribe(changed: () => void): () => void {
  document.addEventListener('readystatechange', changed);
  return () => document.removeEventListener('readystatechange', changed);
}

/**
 * True once the page has loaded, for work that should wait for the hero and the grids (the LCP
 * comes first). An external store rather than a listener added in an effect: the page may finish
 * loading between the render and the effect, and React checks the state again when it subscribes,
 * where a listener added after the event would wait forever.
 */
export function usePageLoaded(): boolean {
  return useSyncExternalStore(subscribe, complete, () => false);
}
