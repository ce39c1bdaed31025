import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../contract/photos.js';
import {
  appReady,
  browserAvailable,
  launchBrowser,
  noOverflow,
  noticesSeen,
  openTab,
  type RunningServer,
  screenshot,
  servicesFor,
  startServer,
} from './harness.js';
import { seedGallery, type GallerySeed } from './seed-gallery.js';

type Session = Record<string, unknown> & { id: number; token: string };

// 46 accepted photos: the gallery's first page holds 40, so scrolling loads a second one.
const COUNT = 46;

describe.skipIf(!browserAvailable())('the public gallery in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let seed: GallerySeed;
  let photographer: Session;
  let member: Session;

  beforeAll(async () => {
    server = await startServer();
    seed = await seedGallery(server, COUNT, [3, 10, 20, 30]);
    const services = await servicesFor(server);
    await services.accounts.createUser({ email: 'viewer@example.com', username: '看图人', password: 'password-123', level: 0 });
    photographer = { ...(await services.sessions.login(seed.photographer.email, 'password-123', '127.0.0.1')) } as Session;
    member = { ...(await services.sessions.login('viewer@example.com', 'password-123', '127.0.0.1')) } as Session;
    await services.close();
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(
    opts: { width?: number; as?: Session; initScript?: () => void } = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await openTab(browser, opts.as ?? null, { width: opts.width ?? 1366 });
    // Before any page script runs; a new page of the context runs it too.
    if (opts.initScript) await opened.context.addInitScript(opts.initScript);
    return opened;
  }
  const cards = (page: Page, testId: string) => page.getByTestId(testId).getByTestId('photo-card');
  /** Every image on the page that should be drawn has arrived (or failed), so a screenshot shows them. */
  const imagesSettled = (page: Page) =>
    page.waitForFunction(() =>
      [...document.images]
        .filter((i) => i.loading !== 'lazy' || i.getBoundingClientRect().top < window.innerHeight)
        .every((i) => i.complete),
    );
  const newest = () => seed.photos.at(-1)!;
  const photoRenditionWidths = async (id: number) =>
    ((await (await fetch(`${server.url}/api/v1/photos/${id}`)).json()) as { renditions: { width: number }[] }).renditions.map(
      (r) => r.width,
    );

  it('home shows the hero, the statistics, the editor’s choice and the latest photos', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await open({ width });
      await page.goto(server.url);
      await page.getByTestId('hero-image').waitFor();
      // The hero is one of the editor's choices, credited.
      const credit = await page.getByTestId('hero-credit').textContent();
      expect(['B-1003', 'B-1010', 'B-1020', 'B-1030'].some((r) => credit!.includes(r))).toBe(true);
      expect(credit).toContain('摄影：云端飞友');
      expect(await page.getByTestId('hero-image').getAttribute('fetchpriority')).toBe('high');
      expect(await page.getByTestId('hero-image').getAttribute('srcset')).toContain('640w');
      // It is the one the server drew and named in the HTML, whose preload fetched the very rendition
      // the hero draws (one download, begun before the app ran).
      const named = await page.locator('meta[name="contrail-hero"]').getAttribute('content');
      expect(await page.getByTestId('hero-credit').getAttribute('href')).toBe(`/photo/${named}`);
      await page.getByTestId('hero-image').evaluate((img: HTMLImageElement) => img.decode());
      const fetched = await page.getByTestId('hero-image').evaluate((img: HTMLImageElement) => ({
        drawn: img.currentSrc,
        preloaded: performance
          .getEntriesByType('resource')
          .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'link' && e.name.includes('/img/'))
          .map((e) => e.name),
      }));
      expect(fetched.preloaded).toEqual([fetched.drawn]);
      await expect.poll(() => cards(page, 'latest-grid').count()).toBe(40);
      // Newest accepted first.
      expect(await cards(page, 'latest-grid').first().getAttribute('data-photo-id')).toBe(String(newest().id));
      expect(await cards(page, 'featured-strip').count()).toBe(4);
      await expect.poll(() => page.getByTestId('site-stats').textContent()).toContain(`${COUNT}图片`);
      expect(await page.title()).toBe('航迹 Contrail');
      expect(await noOverflow(page)).toBe(0);
      await imagesSettled(page);
      // The hero photo is drawn whole, in its own proportions, and no words lie on it (issue 19, item 8).
      const hero = await page.getByTestId('hero').evaluate((section) => {
        const img = section.querySelector<HTMLImageElement>('[data-testid=hero-image]')!;
        const box = img.getBoundingClientRect();
        const scale = Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight);
        const [w, h] = [img.naturalWidth * scale, img.naturalHeight * scale];
        const drawn = { left: box.left + (box.width - w) / 2, top: box.top + (box.height - h) / 2, right: 0, bottom: 0 };
        drawn.right = drawn.left + w;
        drawn.bottom = drawn.top + h;
        const words = [...section.querySelectorAll('h1, p, a')].map((el) => el.getBoundingClientRect());
        const overlaps = words.filter(
          (r) => r.width > 0 && r.left < drawn.right && r.right > drawn.left && r.top < drawn.bottom && r.bottom > drawn.top,
        ).length;
        return { fit: getComputedStyle(img).objectFit, overlaps, share: (w * h) / (section.clientWidth * section.clientHeight) };
      });
      expect(hero.fit).toBe('contain');
      expect(hero.overlaps).toBe(0);
      expect(hero.share).toBeGreaterThan(0.4);
      await screenshot(page, `gallery-home-${width}`);
      await context.close();
    }
  });

  // Issue 19, item 15: no Ant Design behind a reader's back; issue 34, item 25: nor for the login dialog,
  // which is the app's own and opens without fetching anything.
  it('fetches no script on / or a photo page once loaded, not even to open the login dialog', async () => {
    for (const [route, intent] of [
      ['/', 'hover'],
      [`/photo/${newest().id}`, 'focus'],
    ] as const) {
      const { context, page } = await open();
      await page.goto(`${server.url}${route}`);
      await page.getByTestId(route === '/' ? 'hero-image' : 'photo-page').waitFor();
      await imagesSettled(page);
      // Past the load event and two idle periods of the browser: when an idle preload would have run.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const idle = () => requestIdleCallback(() => requestIdleCallback(() => resolve()));
            if (document.readyState === 'complete') idle();
            else addEventListener('load', idle, { once: true });
          }),
      );
      await appReady(page);
      const fetched: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && fetched.push(r.url()));
      const entry = page.getByTestId('user-entry');
      if (intent === 'hover') await entry.hover();
      else await entry.focus();
      await entry.click();
      await page.getByTestId('login-email').fill('pilot@example.com');
      expect(fetched, route).toEqual([]);
      await context.close();
    }
  });

  it('keeps the search in the URL: typed text, sort and filters survive a reload and the back button', async () => {
    const { context, page } = await open();
    await page.goto(`${server.url}/search`);
    await expect.poll(() => page.getByTestId('search-total').textContent()).toBe(`共 ${COUNT} 张图片`);
    expect(await page.title()).toBe('图库 · 航迹');

    // Free text by airport code: every third photo was taken at PEK.
    const atPek = seed.photos.filter((p) => p.airportId === seed.ref.pek).length;
    await appReady(page);
    await page.getByTestId('search-q').fill('PEK');
    await page.getByTestId('search-q').press('Enter');
    await page.waitForURL(/\/search\?q=PEK$/);
    await expect.poll(() => page.getByTestId('search-total').textContent()).toBe(`共 ${atPek} 张图片，搜索“PEK”`);

    await page.getByTestId('search-sort').selectOption('taken');
    await page.waitForURL(/sort=taken/);
    await page.getByTestId('toggle-filters').click();
    await page.getByTestId('filter-airlines').fill('CCA');
    await page
      .getByRole('option', { name: /中国国际航空/ })
      .first()
      .click();
    await page.waitForURL(new RegExp(`airline=${seed.ref.cca}`));
    const pekCca = seed.photos.filter((p) => p.airportId === seed.ref.pek && p.airlineId === seed.ref.cca).length;
    await expect.poll(() => page.getByTestId('search-total').textContent()).toBe(`共 ${pekCca} 张图片，搜索“PEK”`);
    expect(await page.getByTestId('picked-airlines').textContent()).toContain('中国国际航空');
    await screenshot(page, 'gallery-search-1366');

    await page.reload();
    await expect.poll(() => page.getByTestId('search-total').textContent()).toBe(`共 ${pekCca} 张图片，搜索“PEK”`);
    expect(await page.getByTestId('search-q').inputValue()).toBe('PEK');
    expect(await page.getByTestId('search-sort').inputValue()).toBe('taken');
    expect(await page.getByTestId('picked-airlines').textContent()).toContain('中国国际航空');
    expect(await cards(page, 'search-results').count()).toBe(pekCca);

    // Back: the airline filter goes, the sort stays; back again: the sort goes too.
    await appReady(page);
    await page.goBack();
    await page.waitForURL(/\/search\?q=PEK&sort=taken$/);
    await expect.poll(() => page.getByTestId('search-total').textContent()).toBe(`共 ${atPek} 张图片，搜索“PEK”`);
    await page.goBack();
    await page.waitForURL(/\/search\?q=PEK$/);
    await expect.poll(() => page.getByTestId('search-sort').inputValue()).toBe('accepted');
    await page.goForward();
    await expect.poll(() => page.getByTestId('search-sort').inputValue()).toBe('taken');

    // Nothing found: a friendly message and a way back to everything.
    await page.goto(`${server.url}/search?reg=ZZ-9999&featured=1`);
    await page.getByTestId('search-empty').waitFor();
    await page.getByTestId('clear-filters').click();
    await page.waitForURL(`${server.url}/search`);
    await expect.poll(() => cards(page, 'search-results').count()).toBe(40);

    // Registration matching ignores case and hyphens; the editor's choices filter.
    await page.goto(`${server.url}/search?reg=b1010`);
    await expect.poll(() => page.getByTestId('search-total').textContent()).toBe('共 1 张图片');
    await page.goto(`${server.url}/search?featured=1`);
    await expect.poll(() => page.getByTestId('search-total').textContent()).toBe('共 4 张图片');
    expect(await cards(page, 'search-results').first().locator('.badge-featured').textContent()).toBe('编辑精选');
    await context.close();

    const narrow = await open({ width: 390 });
    await narrow.page.goto(`${server.url}/search?airport=${seed.ref.pvg}&cat=night`);
    // On a phone the panel stays folded; the chips say what is filtered.
    await expect.poll(() => narrow.page.locator('.search-chips').textContent()).toContain('分类：夜景');
    expect(await narrow.page.getByTestId('search-filters').count()).toBe(0);
    await expect.poll(() => cards(narrow.page, 'search-results').count()).toBeGreaterThan(0);
    expect(await noOverflow(narrow.page)).toBe(0);
    await imagesSettled(narrow.page);
    await screenshot(narrow.page, 'gallery-search-390');
    await narrow.context.close();
  });

  it('loads the next page when the reader stays at the bottom', async () => {
    const { context, page } = await open();
    await page.goto(`${server.url}/search`);
    await expect.poll(() => cards(page, 'search-results').count()).toBe(40);
    await appReady(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The scroll helper waits 2 s at the bottom, then the second page arrives.
    await expect.poll(() => cards(page, 'search-results').count(), { timeout: 15_000 }).toBe(COUNT);
    expect(await cards(page, 'search-results').last().getAttribute('data-photo-id')).toBe(String(seed.photos[0]!.id));
    await context.close();
  });

  // Issue 19, item 8.
  it('opens the photo on the whole screen at 2560 px, zooms to 100 %, and closes with Esc or back', async () => {
    const photo = newest();
    for (const width of [1366, 390]) {
      const { context, page } = await open({ width });
      await page.goto(`${server.url}/photo/${photo.id}`);
      const opener = page.getByTestId('photo-open');
      await opener.waitFor();
      await appReady(page);
      await opener.click();
      const viewer = page.getByRole('dialog', { name: /查看大图/ });
      await viewer.waitFor();
      const img = viewer.getByTestId('viewer-image');
      await img.evaluate((el: HTMLImageElement) => el.decode());
      const fitted = await img.evaluate((el: HTMLImageElement) => {
        const r = el.getBoundingClientRect();
        return { src: el.currentSrc, natural: el.naturalWidth, left: r.left, right: r.right, bottom: r.bottom, w: r.width };
      });
      // The largest rendition, drawn inside the window.
      expect(fitted.natural).toBe(Math.max(...(await photoRenditionWidths(photo.id))));
      expect(fitted.left).toBeGreaterThanOrEqual(0);
      expect(fitted.right).toBeLessThanOrEqual(width);
      expect(fitted.bottom).toBeLessThanOrEqual(page.viewportSize()!.height);
      await imagesSettled(page);
      await screenshot(page, `photo-viewer-${width}`);
      // 100 %: one image pixel per CSS pixel, panned from the middle.
      await viewer.getByTestId('viewer-zoom').click();
      await expect.poll(() => img.evaluate((el) => el.getBoundingClientRect().width)).toBe(fitted.natural);
      expect(await viewer.locator('.photo-viewer-stage').evaluate((el) => el.scrollLeft > 0)).toBe(true);
      // Esc closes it, and the focus is back on the photo.
      await page.keyboard.press('Escape');
      await expect.poll(() => viewer.count()).toBe(0);
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(new URL(page.url()).pathname).toBe(`/photo/${photo.id}`);
      // By keyboard, and closed with the browser's back: still on the photo's page.
      await page.keyboard.press('Enter');
      await viewer.waitFor();
      await page.goBack();
      await expect.poll(() => viewer.count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(`/photo/${photo.id}`);
      await page.getByTestId('photo-page').waitFor();
      await context.close();
    }
  });

  it('shows a photo without any layout shift, with every fact a link to its search', async () => {
    const photo = seed.photos[0]!;
    for (const width of [1366, 390]) {
      const { context, page } = await open({
        width,
        initScript: () => {
          const w = window as unknown as { cls: number };
          w.cls = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!e.hadRecentInput) w.cls += e.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
        },
      });
      await page.goto(`${server.url}/photo/${photo.id}`);
      await page.getByTestId('photo-page').waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid=photo-main] img');
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      await page.getByTestId('related-photographer').waitFor();
      await imagesSettled(page);
      expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBe(0);
      // The placeholder box has the photo's shape before and after the image.
      const box = (await page.getByTestId('photo-main').boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(1500 / 1000, 1);
      await screenshot(page, `gallery-photo-${width}`);
      await context.close();
    }

    const { context, page } = await open();
    await page.goto(`${server.url}/photo/${photo.id}`);
    const facts = page.getByTestId('photo-facts');
    await facts.waitFor();
    const href = (name: string) => facts.getByRole('link', { name, exact: true }).getAttribute('href');
    expect(await href('B-1000')).toBe('/search?reg=B-1000');
    // The MSN names the aircraft: its photos under every registration (issue 22).
    expect(await href('30123')).toBe(`/search?q=${encodeURIComponent('msn:30123')}`);
    expect(await facts.getByTestId('fact-airframe').getAttribute('href')).toMatch(/^\/airframe\/\d+$/);
    expect(await facts.locator(`a[href="/search?type=${seed.ref.b738}"]`).count()).toBe(1);
    expect(await facts.locator(`a[href="/search?airline=${seed.ref.cca}"]`).count()).toBe(1);
    expect(await facts.locator(`a[href="/search?airport=${seed.ref.pek}"]`).count()).toBe(1);
    expect(await href('2024-03-01')).toBe('/search?from=2024-03-01&to=2024-03-01');
    expect(await href('夜景')).toBe('/search?cat=night');
    expect(await href('云端飞友')).toBe(`/search?user=${seed.photographer.id}`);
    expect(await page.getByTestId('photo-exif').textContent()).toContain('Canon EOS R5');
    expect(await page.getByTestId('photo-remark').textContent()).toBe('清晨的跑道，逆光下的首班机。');
    await expect.poll(() => page.title()).toMatch(/^B-1000 · .+ · 航迹$/);

    // A fact leads to its search, with the filter named.
    await page.getByRole('link', { name: '云端飞友', exact: true }).click();
    await page.waitForURL(`${server.url}/search?user=${seed.photographer.id}`);
    await expect.poll(() => page.getByTestId('search-total').textContent()).toBe(`共 ${COUNT} 张图片`);
    expect(await page.locator('.search-chips').textContent()).toContain('摄影师：云端飞友');

    // A visitor's like opens the login dialog.
    await page.goto(`${server.url}/photo/${photo.id}`);
    await appReady(page);
    await page.getByTestId('like-button').click();
    await page.getByRole('dialog').getByText('用户登录').waitFor();
    await context.close();
  });

  it('lets a member like a photo and write to its photographer, who reads it in the inbox', async () => {
    const photo = seed.photos[1]!;
    const visitor = await open({ as: member });
    let page = visitor.page;
    await page.goto(`${server.url}/photo/${photo.id}`);
    await appReady(page);
    await page.getByTestId('like-button').click();
    await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('喜欢 1');
    expect(await page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect.poll(() => page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');

    await page.getByTestId('contact-button').click();
    const form = page.getByTestId('contact-form');
    await form.waitFor();
    await form.getByText('非商业使用').click();
    await form.getByLabel('你的联系方式').fill('viewer@example.com');
    await form.getByLabel('内容').fill('想在飞友会的年历里用这张照片，可以吗？');
    await page.getByRole('button', { name: '发送' }).click();
    await expect.poll(() => noticesSeen(page)).toContain('已发送，摄影师会在收件箱和邮件中看到');
    await visitor.context.close();

    const own = await open({ as: photographer });
    page = own.page;
    await page.goto(`${server.url}/user/${photographer.id}`);
    const message = page.getByTestId('messages-inbox').getByTestId('message').first();
    await message.waitFor();
    expect(await message.textContent()).toContain('想在飞友会的年历里用这张照片，可以吗？');
    expect(await message.textContent()).toContain('看图人 · 非商业使用');
    await own.context.close();
  });

  it('shows a member’s page with statistics and photos, and their own settings', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await open({ width });
      await page.goto(`${server.url}/user/${seed.photographer.id}`);
      await page.getByTestId('user-page').waitFor();
      await expect.poll(() => cards(page, 'user-photos').count()).toBe(40);
      expect(await page.getByTestId('user-stats').textContent()).toContain(`${COUNT}通过图片`);
      expect(await page.getByTestId('user-stats').textContent()).toContain('4编辑精选');
      expect(await page.title()).toBe('云端飞友 · 航迹');
      expect(await noOverflow(page)).toBe(0);
      await imagesSettled(page);
      await screenshot(page, `gallery-user-${width}`);
      await context.close();
    }

    // The owner picks a home airport and a cover; visitors see both.
    const { context, page } = await open({ as: photographer });
    await page.goto(`${server.url}/user/${photographer.id}`);
    await page.getByTestId('settings-toggle').click();
    await page.getByTestId('settings').waitFor();
    await page.getByTestId('select-airports').click();
    await page.keyboard.type('PVG');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '浦东' }).first().click();
    await page.getByRole('button', { name: `选择 B-1044（编号 ${seed.photos[44]!.id}）作封面` }).click();
    await page.getByTestId('save-profile').click();
    await expect.poll(() => noticesSeen(page)).toContain('已保存');
    await expect.poll(() => page.getByTestId('user-cover').textContent()).toContain('浦东');
    expect(await page.locator('.user-cover-img').count()).toBe(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await imagesSettled(page);
    await screenshot(page, 'gallery-user-own-1366');
    await context.close();
  });

  it('deletes an account with its password and logs the member out', async () => {
    const services = await servicesFor(server);
    await services.accounts.createUser({
      email: 'leaving@example.com',
      username: '要走的人',
      password: 'password-123',
      level: 0,
    });
    const leaving = { ...(await services.sessions.login('leaving@example.com', 'password-123', '127.0.0.1')) } as Session;
    await services.close();

    const { context, page } = await open({ as: leaving, width: 390 });
    await page.goto(`${server.url}/user/${leaving.id}`);
    await page.getByTestId('settings-toggle').click();
    await page.getByTestId('delete-password').fill('wrong-password');
    await page.getByTestId('delete-account').click();
    await expect.poll(() => noticesSeen(page)).toContain('密码错误');
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).not.toBeNull();

    await page.getByTestId('delete-password').fill('password-123');
    await page.getByTestId('delete-account').click();
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId('hero').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    expect(await page.getByTestId('user-entry').first().textContent()).toBe('登录/注册');
    const me = await fetch(`${server.url}/api/v1/user/me`, { headers: { authorization: `Bearer ${leaving.token}` } });
    expect(me.status).toBe(401);
    await context.close();
  });

  it('shows screeners the screening history; the owner edits facts (warned) and deletes a photo by typing its id', async () => {
    const services = await servicesFor(server);
    const screener = { ...(await services.sessions.login('screener@example.com', 'password-123', '127.0.0.1')) } as Session;
    await services.close();
    const edited = seed.photos[5]!;
    const removed = seed.photos[6]!;

    const asScreener = await open({ as: screener });
    await asScreener.page.goto(`${server.url}/photo/${edited.id}`);
    const history = asScreener.page.getByTestId('screening-history');
    await history.waitFor();
    expect(await history.textContent()).toContain('审图员甲');
    expect(await history.textContent()).toContain('待审 → 已通过');
    await asScreener.context.close();

    const { context, page } = await open({ as: photographer });
    await page.goto(`${server.url}/photo/${edited.id}`);
    // The HTML is every visitor's; the owner's tools come with the app.
    await appReady(page);
    await expect.poll(() => page.getByTestId('contact-button').count()).toBe(0);
    await page.getByTestId('edit-button').click();
    const form = page.getByTestId('edit-form');
    await form.waitFor();
    await expect
      .poll(() => page.getByTestId('edit-warning').textContent())
      .toContain('修改注册号、机型、航司或机场会让图片重新进入审图队列');
    await form.getByLabel('注册号', { exact: true }).fill('B-2999');
    await expect.poll(() => page.getByTestId('edit-warning').textContent()).toContain('保存后图片将撤下并重新进入审图队列');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => noticesSeen(page)).toContain(PHOTO_MESSAGES.backToQueue);
    await expect.poll(() => page.getByTestId('photo-state').textContent()).toContain('待审');
    expect(await page.locator('.photo-heading').textContent()).toBe('B-2999');

    await page.goto(`${server.url}/photo/${removed.id}`);
    await page.getByTestId('delete-button').click();
    const confirm = page.getByTestId('confirm-delete');
    await confirm.waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('delete-id').fill(String(removed.id + 1));
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('delete-id').fill(String(removed.id));
    await confirm.click();
    await page.waitForURL(`${server.url}/user/${photographer.id}`);
    expect((await fetch(`${server.url}/api/v1/photos/${removed.id}`)).status).toBe(404);
    await page.goto(`${server.url}/photo/${removed.id}`);
    await page.getByTestId('photo-not-found').waitFor();
    await context.close();
  });
});
