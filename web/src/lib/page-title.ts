import { useEffect, useSyncExternalStore } from 'react';

// A page may name the tab after what it shows (a photo's registration); the layout prefers that
// name to the route's `handle.title` while the page is open.
let current: string | null = null;
const listeners = new Set<() => void>();

function set(title: string | null): void {
  current = title;
  listeners.forEach((l) => l());
}

/** Names the tab while the calling page is mounted; null leaves the route's title. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    set(title);
    return () => set(null);
  }, [title]);
}

export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    // The server renders every page under its route's title; a page's own one follows in the browser.
    () => null,
  );
}
