// When a browser test fails, a screenshot of every open page and the last inputs each page received
// (where each press, release, click and key landed) are written out with the failure: a flake seen
// once on a loaded machine can then be explained from the log instead of guessed at.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { TestContext } from 'vitest';

const browsers = new Set<Browser>();

/** Pages of `browser` are looked at when a test fails. */
export function watchBrowser(browser: Browser): void {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
}

/**
 * Runs in each page before its own scripts: keeps the last 40 pointer and key events with the element
 * each landed on (tag, test id, first classes, first words), and what scrolled or shifted meanwhile. A string, so that no helper the test
 * transform adds to functions (names kept) is sent to the page.
 */
export const INPUT_TRAIL_SCRIPT = `(() => {
  const trail = [];
  window.__inputTrail = trail;
  const describe = (el) => {
    if (!(el instanceof Element)) return String(el);
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
    const text = (el.textContent || '').slice(0, 200).replace(/\\s+/g, ' ').trim().slice(0, 24);
    return el.tagName.toLowerCase() + (id ? '[' + id + ']' : '') + (cls ? '.' + cls : '') + ' "' + text + '"';
  };
  const note = (line) => {
    trail.push(Math.round(performance.now()) + ' ms ' + line);
    if (trail.length > 40) trail.shift();
  };
  // What moved under the pointer: scrolled boxes (one line per box and burst) and shifts of layout.
  let lastScroll = null;
  addEventListener('scroll', (e) => {
    const box = e.target instanceof Element ? e.target : document.scrollingElement;
    if (lastScroll === box) return;
    lastScroll = box;
    setTimeout(() => (lastScroll = null), 100);
    note('scroll ' + describe(box) + ' to ' + Math.round(box ? box.scrollTop : 0));
  }, { capture: true, passive: true });
  try {
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries())
        note('layout shift ' + shift.value.toFixed(3) + ' of ' + (shift.sources || []).map((s) => describe(s.node)).join(', '));
    }).observe({ type: 'layout-shift', buffered: false });
  } catch {}
  for (const type of ['pointerdown', 'pointerup', 'click', 'keydown']) {
    addEventListener(type, (e) => {
      const where = 'clientX' in e ? ' @' + Math.round(e.clientX) + ',' + Math.round(e.clientY) : ' ' + e.key;
      note(type + where + ' → ' + describe(e.target));
    }, { capture: true });
  }
})();`;

const within = <T>(ms: number, work: Promise<T>, otherwise: T): Promise<T> =>
  Promise.race([work.catch(() => otherwise), new Promise<T>((resolve) => setTimeout(() => resolve(otherwise), ms))]);

/** Called after each browser test (e2e/setup.ts): writes the pages' state out when the test failed. */
export async function reportFailure({ task }: TestContext): Promise<void> {
  if (task.result?.state !== 'fail' || browsers.size === 0) return;
  const dir = path.resolve('test-results/failures');
  fs.mkdirSync(dir, { recursive: true });
  const slug = `${path.basename(task.file.name, '.test.ts')}-${task.name.slice(0, 40).replace(/[^\w\u4e00-\u9fff]+/g, '-')}`;
  const lines: string[] = [];
  let n = 0;
  for (const browser of browsers)
    for (const context of browser.contexts())
      for (const page of context.pages()) {
        const file = path.join(dir, `${slug}-${++n}.png`);
        const shot = await within(
          5_000,
          page.screenshot({ path: file }).then(() => file),
          'no screenshot',
        );
        const trail = await within(
          3_000,
          page.evaluate(() => (window as unknown as { __inputTrail?: string[] }).__inputTrail ?? []),
          ['(the page did not answer)'],
        );
        lines.push(`page ${n}: ${page.url()} (${shot})`, ...trail.map((line) => `  ${line}`));
      }
  console.log(`── after the failure of “${task.name}”:\n${lines.join('\n')}`);
}
