import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onScrollToBottom } from './scroll-bottom.js';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('onScrollToBottom', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 3000, configurable: true });
  });
  afterEach(() => vi.useRealTimers());

  it('calls back 2000 ms after reaching the bottom by default', () => {
    const cb = vi.fn();
    const stop = onScrollToBottom(cb);
    scrollTo(2200);
    vi.advanceTimersByTime(1999);
    expect(cb).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(cb).toHaveBeenCalledTimes(1);
    stop();
  });

  it('is cancelled when the user scrolls away first', () => {
    const cb = vi.fn();
    const stop = onScrollToBottom(cb, 500);
    scrollTo(2200);
    vi.advanceTimersByTime(300);
    scrollTo(1000);
    vi.advanceTimersByTime(1000);
    expect(cb).not.toHaveBeenCalled();
    stop();
  });
});
