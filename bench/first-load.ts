// The first load of `/` as a browser gets it (compressed, as served) and the time from a click on
// 登录/注册 to a visible login dialog, in Chromium against the real server process.
import fs from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../server/src/testing/process.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

interface Transfer {
  url: string;
  type: string;
  started: number;
  encoded: number;
  decoded: number;
}

/** Every response of one page load with its bytes on the wire (headers included) and its decoded size. */
async function loadAndCount(page: Page, url: string): Promise<{ transfers: Transfer[]; loadAt: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const byId = new Map<string, Transfer>();
  cdp.on('Network.requestWillBeSent', (e) =>
    byId.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', started: e.timestamp, encoded: 0, decoded: 0 }),
  );
  cdp.on('Network.dataReceived', (e) => {
    const t = byId.get(e.requestId);
    if (t) t.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = byId.get(e.requestId);
    if (t) t.encoded = e.encodedDataLength;
  });
  let loadAt = 0;
  cdp.on('Page.loadEventFired', (e) => (loadAt = e.timestamp));
  await cdp.send('Page.enable');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  return { transfers: [...byId.values()], loadAt };
}

/**
 * Milliseconds from the click on 登录/注册 to the first frame showing the dialog, and to its form.
 * A string, not a function: tsx's name helper does not exist inside the page.
 */
const CLICK_TO_DIALOG = `new Promise((resolve) => {
  const entry = document.querySelector('[data-testid=user-entry]');
  const start = performance.now();
  let dialog = 0;
  const frame = () => {
    if (!dialog && document.querySelector('[role=dialog]')) dialog = performance.now() - start;
    if (document.querySelector('[data-testid=login-email]')) resolve({ dialog, form: performance.now() - start });
    else requestAnimationFrame(frame);
  };
  entry.click();
  requestAnimationFrame(frame);
})`;

const clickToDialog = (page: Page) => page.evaluate<{ dialog: number; form: number }>(CLICK_TO_DIALOG);

export async function benchFirstLoadInBrowser(): Promise<void> {
  if (!fs.existsSync(CHROMIUM) || !fs.existsSync('dist/web/index.html')) {
    console.log('first load in Chromium: skipped (needs /usr/bin/chromium and `npm run build`)');
    return;
  }
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const { transfers, loadAt } = await loadAndCount(page, `${server.url}/`);
    const first = transfers.filter((t) => t.started <= loadAt && !t.url.includes('/api/') && !t.url.includes('/img/'));
    const sum = (ts: Transfer[], k: 'encoded' | 'decoded') => ts.reduce((n, t) => n + t[k], 0);
    const js = first.filter((t) => t.type === 'Script');
    const css = first.filter((t) => t.type === 'Stylesheet');
    console.log(
      `first load of / in Chromium, as served (compressed, headers included): ${kb(sum(first, 'encoded'))} in ${first.length} files ` +
        `(JS ${kb(sum(js, 'encoded'))} of ${kb(sum(js, 'decoded'))} decoded, CSS ${kb(sum(css, 'encoded'))}, ` +
        `document ${kb(
          sum(
            first.filter((t) => t.type === 'Document'),
            'encoded',
          ),
        )}); ` +
        `API answers ${kb(
          sum(
            transfers.filter((t) => t.url.includes('/api/')),
            'encoded',
          ),
        )}`,
    );
    const late = transfers.filter((t) => t.started > loadAt && /login-dialog|antd-provider/.test(t.url));
    console.log(`  after the load, when idle: the login dialog's chunks, ${kb(sum(late, 'encoded'))}`);
    await context.close();

    // Cold: a click right after the load, before the idle fetch; warm: once it has been fetched.
    const cold: { dialog: number; form: number }[] = [];
    const warm: { dialog: number; form: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
      const p = await ctx.newPage();
      await p.goto(`${server.url}/`, { waitUntil: 'commit' });
      await p.locator('[data-testid=user-entry]').waitFor();
      cold.push(await clickToDialog(p));
      await p.reload();
      await p.waitForLoadState('networkidle');
      await p.locator('[data-testid=user-entry]').waitFor();
      warm.push(await clickToDialog(p));
      await ctx.close();
    }
    const ms = (xs: number[]) => `${median(xs).toFixed(0)} ms`;
    console.log(
      `click on 登录/注册 → dialog visible (median of 5): ${ms(cold.map((r) => r.dialog))} at once after load ` +
        `(form usable after ${ms(cold.map((r) => r.form))}), ${ms(warm.map((r) => r.dialog))} once idle-fetched ` +
        `(form ${ms(warm.map((r) => r.form))})`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
