import { JSDOM } from 'jsdom';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appReady,
  browserAvailable,
  launchBrowser,
  noOverflow,
  openTab,
  type RunningServer,
  screenshot,
  servicesFor,
  signedInMembers,
  startServer,
  type Session,
} from './harness.js';

// Issue 38, item 1: an administrator sets the site's filing numbers on /manage/notam; every page's
// footer shows them under the [shell] copyright line, in the server's HTML for a crawler, and linked to
// the registers; nothing shows while they are unset.

const ICP = '京ICP备12345678号-1';
const POLICE = '京公网安备 11010502030143号';

describe.skipIf(!browserAvailable())('filing numbers in the footer', () => {
  let server: RunningServer;
  let browser: Browser;
  let sessions: Record<'admin', Session>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    const services = await servicesFor(server);
    try {
      sessions = await signedInMembers(services, [['admin', 'admin@example.com', '站长', 3]] as const);
    } finally {
      await services.close();
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  const footerOf = async (path: string) => {
    const html = await (await fetch(`${server.url}${path}`)).text();
    return new JSDOM(html).window.document.querySelector('footer')!;
  };

  it('shows the copyright line alone while no number is set', async () => {
    const footer = await footerOf('/');
    expect(footer.textContent).toBe('Copyright © 2023 航迹 Contrail');
    expect(footer.querySelector('.footer-filings')).toBeNull();
  });

  it('takes the numbers on /manage/notam, refusing a malformed one as it is typed, and every page shows them', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await openTab(browser, sessions.admin, { width });
      contexts.push(context);
      await page.goto(`${server.url}/manage/notam`);
      const icp = page.getByLabel('ICP 备案号');
      await icp.waitFor();
      await page.getByRole('button', { name: '保存备案信息' }).waitFor();
      await icp.fill('京备12345678号');
      await page.getByText('ICP 备案号的格式应如 京ICP备12345678号 或 京ICP备12345678号-1').waitFor();
      expect(await page.getByRole('button', { name: '保存备案信息' }).isDisabled()).toBe(true);
      await icp.scrollIntoViewIfNeeded();
      await screenshot(page, `filings-refused-${width}`);
      if (width === 1366) {
        await icp.fill(ICP);
        await page.getByLabel('公安备案号').fill(POLICE);
        const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/admin/site/filings'));
        await page.getByRole('button', { name: '保存备案信息' }).click();
        expect((await saved).status()).toBe(200);
        // The footer of the page itself follows at once.
        await page.locator('.footer-filings').getByRole('link', { name: ICP }).waitFor();
      }
      await page.locator('.footer-filings').scrollIntoViewIfNeeded();
      await screenshot(page, `filings-manage-${width}`);
      expect(await noOverflow(page)).toBe(0);
    }

    // The server's HTML of a public page carries them, each linked to its register.
    for (const path of ['/', '/search', '/about']) {
      const footer = await footerOf(path);
      expect(footer.textContent, path).toContain('Copyright © 2023 航迹 Contrail');
      const links = [...footer.querySelectorAll('.footer-filings a')].map((a) => [a.textContent, a.getAttribute('href')]);
      expect(links, path).toEqual([
        [ICP, 'https://beian.miit.gov.cn/'],
        [POLICE, 'https://beian.mps.gov.cn/#/query/webSearch?code=11010502030143'],
      ]);
    }

    // A visitor's browser shows them under the copyright line, on a phone as on a desktop.
    for (const width of [1366, 390]) {
      const { context, page } = await openTab(browser, null, { width });
      contexts.push(context);
      await page.goto(`${server.url}/`);
      await appReady(page);
      const footer = page.locator('footer');
      await footer.getByRole('link', { name: POLICE }).waitFor();
      const [copyright, filings] = await Promise.all([
        footer.evaluate((f) => f.firstChild!.textContent),
        page.locator('.footer-filings').boundingBox(),
      ]);
      expect(copyright).toBe('Copyright © 2023 航迹 Contrail');
      expect(filings!.width).toBeLessThanOrEqual(width);
      await footer.scrollIntoViewIfNeeded();
      await screenshot(page, `filings-footer-${width}`);
      expect(await noOverflow(page)).toBe(0);
    }
  });
});
