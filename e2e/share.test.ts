import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../server/src/testing/images.js';
import {
  acceptAs,
  actorOf,
  browserAvailable,
  launchBrowser,
  noOverflow,
  openTab,
  type RunningServer,
  screenshotStill,
  seedPhotoMeta,
  servicesFor,
  type Session,
  signedInMembers,
  startServer,
} from './harness.js';

const COMMENT = '清晨的逆光把 B-30EE 的轮廓勾得干干净净，尾迹和云层的层次也处理得很好。';

// Issue 23 in the browser: a senior screener picks a photo of the week from its page; the home page
// heads with it and its comment; /potw keeps it; /search links its Atom feed; /api shows its examples —
// at a desktop's width and a phone's.
describe.skipIf(!browserAvailable())('photo of the week, feeds and the /api page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const sessions = {} as Record<'uploader' | 'senior', Session>;
  const photos: number[] = [];

  beforeAll(async () => {
    server = await startServer();
    const services = await servicesFor(server);
    try {
      Object.assign(
        sessions,
        await signedInMembers(services, [
          ['uploader', 'spotter@example.com', '拍机少年', 0],
          ['senior', 'senior@example.com', '资深审图员', 2],
        ]),
      );
      const meta = await seedPhotoMeta(services);
      const file = path.join(server.dataDir, 'seed.jpg');
      for (const [seed, registration] of [
        [601, 'B-30EE'],
        [602, 'B-1234'],
      ] as const) {
        fs.writeFileSync(file, await makeJpeg({ seed, width: 1500, height: 1000 }));
        const { photo } = await services.uploads.upload(actorOf(sessions.uploader), file, {
          ...meta,
          registration,
          takenOn: '2024-03-01',
        });
        await acceptAs(services, photo.id, actorOf(sessions.senior));
        photos.push(photo.id);
      }
    } finally {
      await services.close();
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a senior screener picks B-30EE for this week; the home page heads with it and its comment; /potw keeps it', async () => {
    const senior = await openTab(browser, sessions.senior);
    await senior.page.goto(`${server.url}/photo/${photos[0]}`);
    await senior.page.getByTestId('potw-button').click();
    const form = senior.page.getByTestId('potw-form');
    await form.waitFor();
    expect(await senior.page.locator('.ant-select-content, .ant-select-selection-item').first().textContent()).toContain('本周');
    await form.getByLabel('推荐语').fill(COMMENT);
    const picked = senior.page.waitForResponse((r) => r.url().endsWith('/api/v1/potw') && r.request().method() === 'POST');
    await senior.page
      .getByRole('button', { name: '选 定' })
      .or(senior.page.getByRole('button', { name: '选定' }))
      .click();
    expect((await picked).status()).toBe(200);
    await senior.page.getByText('已选为每周图片').waitFor();
    await senior.context.close();

    // A visitor's home page heads with this week's photo and its comment.
    for (const width of [1366, 390]) {
      const { context, page } = await openTab(browser, null, { width });
      await page.goto(server.url);
      const lede = page.getByTestId('potw-lede');
      await lede.waitFor();
      expect(await lede.textContent()).toContain(COMMENT.slice(0, 10));
      expect(await lede.textContent()).toContain('资深审图员');
      expect(await page.getByTestId('hero-credit').textContent()).toContain('B-30EE');
      await page.getByTestId('hero-image').evaluate((img: HTMLImageElement) => img.decode());
      expect(await noOverflow(page)).toBe(0);
      await screenshotStill(page, `home-potw-${width}`);

      await lede.getByRole('link', { name: '本周图片' }).click();
      const week = page.getByTestId('potw-week');
      await week.first().waitFor();
      expect(await week.count()).toBe(1);
      expect(await week.textContent()).toContain(COMMENT);
      expect(await week.textContent()).toContain('B-30EE');
      expect(await week.textContent()).toContain('推荐：资深审图员');
      await page.locator('.potw-week img').first().waitFor();
      await page
        .locator('.potw-week img')
        .first()
        .evaluate((img: HTMLImageElement) => img.decode());
      expect(await noOverflow(page)).toBe(0);
      await screenshotStill(page, `potw-${width}`);
      await context.close();
    }
  });

  it('links a search’s Atom feed, and /api renders its examples in curl and JavaScript', async () => {
    const { context, page } = await openTab(browser, null);
    await page.goto(`${server.url}/search?reg=B-30EE`);
    const feed = page.getByTestId('feed-link');
    await feed.waitFor();
    const href = await feed.getAttribute('href');
    expect(href).toBe('/api/v1/feeds/photos?reg=B-30EE');
    const atom = await fetch(`${server.url}${href}`);
    expect(atom.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(await atom.text()).toContain(`/photo/${photos[0]}</id>`);

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/api`);
      const api = page.getByTestId('api-page');
      await api.waitFor();
      expect(await page.title()).toContain('开放接口');
      const blocks = await page
        .locator('.api-code')
        .evaluateAll((els) => els.map((e) => [e.querySelector('figcaption')!.textContent, e.querySelector('code')!.textContent]));
      const curl = blocks.find(([label]) => label === 'curl')![1]!;
      expect(curl).toBe(`curl '${server.url}/api/v1/public/photos?reg=B-30EE&limit=5'`);
      expect(blocks.some(([label, code]) => label!.startsWith('JavaScript') && code!.includes('await fetch('))).toBe(true);
      // The example answers as it says: the photo picked above, credited.
      const answer = (await (await fetch(curl.slice(6, -1))).json()) as { photos: { link: string; attribution: string }[] };
      expect(answer.photos[0]).toMatchObject({
        link: `${server.url}/photo/${photos[0]}`,
        attribution: '© 拍机少年 / 航迹 Contrail',
      });
      expect(await noOverflow(page)).toBe(0);
      await screenshotStill(page, `api-${width}`);
    }
    await context.close();
  });
});
