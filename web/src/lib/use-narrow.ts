import { useSyncExternalStore } from 'react';

// The site's phone breakpoint (global.css): 735 px or less.
const QUERY = '(max-width: 735px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the window is phone-wide, read before the first paint (no table flashing into cards). */
export function useNarrow(): boolean {
  // The server renders the wide layout; a phone's hydration switches to the narrow one at once.
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
