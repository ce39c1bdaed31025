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
  signedInMembers,
  startServer,
} from './harness.js';
import { seedGallery, type GallerySeed } from './seed-gallery.js';

// Issue 39, item 6 in the browser: a photographer's page shows likes, views per week and the most viewed
// photos; the month's rankings are reached from the home page and sent as HTML.
describe.skipIf(!browserAvailable())('statistics and monthly rankings in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let seed: GallerySeed;

  beforeAll(async () => {
    server = await startServer();
    seed = await seedGallery(server, 3);
    const services = await servicesFor(server);
    try {
      // Two members like the second photo, one the first: three likes for the photographer, this month.
      const fans = await signedInMembers(services, [
        ['one', 'fan-1@example.com', '粉丝1', 0],
        ['two', 'fan-2@example.com', '粉丝2', 0],
      ]);
      for (const [fan, i] of [
        [fans.one, 1],
        [fans.one, 0],
        [fans.two, 1],
      ] as const) {
        const url = `${server.url}/api/v1/photos/${seed.photos[i]!.id}/like`;
        const res = await fetch(url, { method: 'PUT', headers: { authorization: `Bearer ${fan.token}` } });
        expect(res.status).toBe(200);
      }
      services.views.count(seed.photos[2]!.id, 7);
      services.views.count(seed.photos[0]!.id, 3);
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
    it(`shows a photographer's likes, views per week and top photos (${width} px)`, async () => {
      const { context, page } = await openTab(browser, null, { width });
      await page.goto(`${server.url}/user/${seed.photographer.id}`);
      await appReady(page);
      await page.getByTestId('user-stats').getByText('获赞').waitFor();
      expect(await page.getByTestId('user-stats').innerText()).toMatch(/3\s*获赞/);
      const section = page.getByTestId('user-statistics');
      await section.getByText('共 10 次').waitFor();
      expect(await page.getByTestId('week-bars').locator('li').count()).toBe(12);
      const top = await page
        .getByTestId('user-top-photos')
        .locator('.photo-card-frame')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(top.slice(0, 2)).toEqual([`/photo/${seed.photos[2]!.id}`, `/photo/${seed.photos[0]!.id}`]);
      expect(await noOverflow(page)).toBe(0);
      await section.scrollIntoViewIfNeeded();
      await screenshotStill(page, `user-statistics-${width}`);
      await context.close();
    });

    it(`reaches this month's rankings from the home page (${width} px)`, async () => {
      const { context, page } = await openTab(browser, null, { width });
      await page.goto(server.url);
      await appReady(page);
      await page.getByRole('link', { name: '月度排行' }).click();
      await page.waitForURL(/\/rankings$/);
      const photos = page.getByTestId('ranking-photos');
      await photos.getByText('2 个赞').waitFor();
      const hrefs = await photos.locator('.photo-card-frame').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual([`/photo/${seed.photos[1]!.id}`, `/photo/${seed.photos[0]!.id}`]);
      expect(await page.getByTestId('ranking-liked').innerText()).toContain(`${seed.photographer.username}\n3 个赞`);
      // Each seeded photo is the first of its aircraft, accepted this month.
      expect(await page.getByTestId('ranking-firsts').innerText()).toContain('3 张首张');
      expect(await page.getByTestId('rankings-next').count()).toBe(0);
      expect(await noOverflow(page)).toBe(0);
      await screenshotStill(page, `rankings-${width}`);
      // The month before: nothing yet, said so; and back.
      await page.getByTestId('rankings-previous').click();
      await page.getByTestId('ranking-photos').getByText('这个月还没有人点赞。').waitFor();
      await page.getByTestId('rankings-next').click();
      await photos.getByText('2 个赞').waitFor();
      await context.close();
    });
  }

  it('sends the rankings as HTML, and a month to come as a 404', async () => {
    const html = await (await fetch(`${server.url}/rankings`)).text();
    expect(html).toContain('最受喜爱的照片');
    expect(html).toContain(seed.photographer.username);
    const future = await fetch(`${server.url}/rankings/2999-01`);
    expect(future.status).toBe(404);
    expect(await future.text()).toContain('这个月份还没有排行');
  });
});
