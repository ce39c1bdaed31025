import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appReady,
  browserAvailable,
  launchBrowser,
  noOverflow,
  openTab,
  type RunningServer,
  screenshotStill,
  servicesFor,
  startServer,
} from './harness.js';
import { seedGallery, type GallerySeed } from './seed-gallery.js';

type Session = Record<string, unknown> & { id: number; token: string };

// Issue 39, item 7 in the browser: a member collects a photo from its page into a new collection, finds it
// on the collection's page, makes the collection public; a visitor then sees it, with its feed.
describe.skipIf(!browserAvailable())('收藏 in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let seed: GallerySeed;
  const members = {} as Record<1366 | 390, Session>;

  beforeAll(async () => {
    server = await startServer();
    seed = await seedGallery(server, 2);
    const services = await servicesFor(server);
    try {
      for (const width of [1366, 390] as const) {
        const email = `collector-${width}@example.com`;
        await services.accounts.createUser({ email, username: `收藏家${width}`, password: 'password-123', level: 0 });
        members[width] = { ...(await services.sessions.login(email, 'password-123', '127.0.0.1')) } as Session;
      }
      // Views of today, as the batch writer keeps them: the second photo most (今日热门).
      services.views.count(seed.photos[1]!.id, 5);
      services.views.count(seed.photos[0]!.id, 2);
      await services.views.flush();
    } finally {
      await services.close();
    }
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const width of [1366, 390] as const) {
    it(`collects a photo into a new collection, makes it public, and a visitor finds it (${width} px)`, async () => {
      const photo = seed.photos[0]!;
      const member = members[width];
      const { context, page } = await openTab(browser, member, { width });
      await page.goto(`${server.url}/photo/${photo.id}`);
      await appReady(page);
      await page.getByTestId('collect-button').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('还没有收藏夹').waitFor();
      await dialog.getByTestId('collect-new-name').fill('夜景');
      const added = page.waitForResponse((r) => r.url().endsWith(`/photos/${photo.id}`) && r.request().method() === 'PUT');
      await dialog.getByRole('button', { name: '新建并收藏' }).click();
      expect((await added).status()).toBe(200);
      const box = dialog.getByRole('checkbox', { name: '夜景' });
      await expect.poll(() => box.isChecked()).toBe(true);
      await screenshotStill(page, `collect-dialog-${width}`);
      await dialog.getByRole('link', { name: '查看' }).click();
      await page.waitForURL(/\/collection\/\d+$/);
      const collectionUrl = page.url();
      await page.getByTestId('collection-title').getByText('夜景').waitFor();
      await page.getByTestId('collection-visibility').getByText('不公开，只有你能看到').waitFor();
      expect(await page.getByTestId('collection-photos').locator('a[href^="/photo/"]').first().getAttribute('href')).toBe(
        `/photo/${photo.id}`,
      );
      // Not public yet: a visitor is told it does not exist.
      const visitor = await openTab(browser, null, { width });
      await visitor.page.goto(collectionUrl);
      await visitor.page.getByTestId('collection-not-found').waitFor();
      // Made public in its edit dialog.
      await page.getByTestId('collection-edit').click();
      await page.getByTestId('collection-form').getByRole('checkbox').check();
      const saved = page.waitForResponse((r) => /\/collections\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^保\s?存$/ })
        .click();
      expect((await saved).status()).toBe(200);
      await page.getByTestId('collection-visibility').getByText('公开').waitFor();
      expect(await noOverflow(page)).toBe(0);
      await screenshotStill(page, `collection-page-${width}`);
      await visitor.page.goto(collectionUrl);
      await visitor.page.getByTestId('collection-title').getByText('夜景').waitFor();
      const feed = await visitor.page.getByTestId('collection-feed').getAttribute('href');
      const atom = await visitor.page.request.get(`${server.url}${feed}`);
      expect(atom.status()).toBe(200);
      expect(await atom.text()).toContain(`/photo/${photo.id}`);
      // The member's page lists it to visitors too.
      await visitor.page.goto(`${server.url}/user/${member.id}`);
      await visitor.page.getByTestId('collection-card').getByText('夜景').waitFor();
      await screenshotStill(visitor.page, `collections-user-${width}`);
      await visitor.context.close();
      await context.close();
    });
  }

  for (const width of [1366, 390] as const) {
    it(`shows today's most viewed photos on the home page (${width} px)`, async () => {
      const { context, page } = await openTab(browser, null, { width });
      await page.goto(server.url);
      const strip = page.getByTestId('trending-strip');
      // In the HTML the server sent, most viewed first.
      const links = await strip.locator('a[href^="/photo/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect([...new Set(links)]).toEqual([`/photo/${seed.photos[1]!.id}`, `/photo/${seed.photos[0]!.id}`]);
      await appReady(page);
      expect(await noOverflow(page)).toBe(0);
      await strip.scrollIntoViewIfNeeded();
      await screenshotStill(page, `home-trending-${width}`);
      await context.close();
    });
  }
});
