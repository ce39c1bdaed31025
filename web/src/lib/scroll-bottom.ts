import { useEffect, useRef } from 'react';

/**
 * Calls back when the page has stayed scrolled to the bottom for `delay` ms (§2.7); scrolling away
 * first cancels. Returns the cleanup.
 */
export function onScrollToBottom(callback: () => void, delay = 2000, slack = 4): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const atBottom = () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - slack;
  const check = () => {
    if (atBottom()) {
      timer ??= setTimeout(() => {
        timer = null;
        callback();
      }, delay);
    } else if (timer) {
      clearTimeout(timer);
      timer = null;
    }
  };
  window.addEventListener('scroll', check, { passive: true });
  window.addEventListener('resize', check);
  return () => {
    window.removeEventListener('scroll', check);
    window.removeEventListener('resize', check);
    if (timer) clearTimeout(timer);
  };
}

export function useScrollToBottom(callback: () => void, delay = 2000, enabled = true): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    return onScrollToBottom(() => latest.current(), delay);
  }, [delay, enabled]);
}
