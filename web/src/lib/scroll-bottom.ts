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
