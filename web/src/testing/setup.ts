import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor wait for an answer up to 10 s, not the library's 1 s: on a busy 2-core machine
// (a CPU burner beside the suite) Ant Design's validation re-render took longer than 1 s.
configure({ asyncUtilTimeout: 10_000 });

// What jsdom lacks and Ant Design or our pages use. Minimal stand-ins: enough for layout-free
// rendering, never a second implementation of the browser.

/** Media queries answered from window.innerWidth (1024 in jsdom), so a test can be phone-wide. */
function matchMedia(query: string): MediaQueryList {
  const width = window.innerWidth;
  const bound = (name: string) => Number(new RegExp(`${name}:\\s*(\\d+)px`).exec(query)?.[1] ?? NaN);
  const max = bound('max-width');
  const min = bound('min-width');
  const matches = (Number.isNaN(max) || width <= max) && (Number.isNaN(min) || width >= min);
  return {
    matches,
    media: query,
    onchange: null,
    // The old names too: Ant Design's responsive helpers still call them on older browsers' lists.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- a polyfill of the deprecated API itself
    addListener: () => undefined,
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- as above
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}
window.matchMedia = matchMedia;

window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom logs "not implemented" for scrolling and for pseudo-element styles (Ant Design's scroll bar measure).
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  window.innerWidth = 1024;
});
