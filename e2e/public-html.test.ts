import { JSDOM } from 'jsdom';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoResponse } from '../contract/photos.js';
import {
  appReady,
  browserAvailable,
  launchBrowser,
  noOverflow,
  openTab,
  type RunningServer,
  screenshot,
  servicesFor,
  startServer,
} from './harness.js';
import { seedGallery, type GallerySeed } from './seed-gallery.js';

// Issue 36: the public pages as HTML a crawler reads without script, and the same pages hydrated into
// the app without an error and without asking again for what the HTML carried.

// 45 photos: the gallery's first page holds 40, so /search has a next page.
const COUNT = 45;

const docOf = (html: string) => new JSDOM(html).window.document;

describe.skipIf(!browserAvailable())('public pages as HTML', () => {
  let server: RunningServer;
  let seed: GallerySeed;
  let browser: Browser;
  let airframeId: number;
  let photo: PhotoResponse;

  beforeAll(async () => {
    server = await startServer();
    seed = await seedGallery(server, COUNT, [2, 5]);
    photo = (await (await fetch(`${server.url}/api/v1/photos/${seed.photos.at(-1)!.id}`)).json()) as PhotoResponse;
    airframeId = photo.airframeId!;
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers });
    return { res, html: await res.text() };
  };

  it('sends a photo page a crawler reads: facts as links, the image and its sizes, canonical, JSON-LD', async () => {
    const { res, html } = await get(`/photo/${photo.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    const doc = docOf(html);
    expect(doc.querySelector('h1')!.textContent).toContain(photo.registration);
    const img = doc.querySelector<HTMLImageElement>('[data-testid="photo-main"] img')!;
    expect(img.getAttribute('srcset')).toContain(photo.renditions[0]!.url);
    expect(img.getAttribute('sizes')).toBeTruthy();
    expect(img.getAttribute('width')).toBe(String(photo.width));
    expect(img.getAttribute('height')).toBe(String(photo.height));
    expect(img.getAttribute('alt')).toContain(photo.registration);
    expect(img.getAttribute('alt')).toContain(photo.aircraftType!.label);
    const hrefs = [...doc.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain(`/user/${photo.uploader.id}`);
    expect(hrefs).toContain(`/airframe/${airframeId}`);
    // Related photos: the same airframe's, the same photographer's.
    expect(hrefs.filter((h) => /^\/photo\/\d+$/.test(h ?? '') && h !== `/photo/${photo.id}`).length).toBeGreaterThan(0);
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`${server.url}/photo/${photo.id}`);
    expect(doc.querySelector('meta[property="og:image"]')!.getAttribute('content')).toMatch(/^http/);
    expect(doc.querySelector('meta[itemprop="name"]')!.getAttribute('content')).toContain(photo.registration);

    const [data, crumbs] = [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent!) as Record<string, unknown>,
    );
    expect(data).toMatchObject({
      '@type': ['Photograph', 'ImageObject'],
      url: `${server.url}/photo/${photo.id}`,
      dateCreated: photo.takenOn,
      width: photo.width,
      height: photo.height,
      creator: { name: photo.uploader.username, url: `${server.url}/user/${photo.uploader.id}` },
      contentLocation: { name: photo.airport!.label },
      license: `${server.url}/terms`,
      acquireLicensePage: `${server.url}/photo/${photo.id}`,
    });
    expect(String(data!.contentUrl)).toMatch(/^http.*\.webp$/);
    expect(String(data!.name)).toContain(photo.registration);
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });

    // The same page again, unchanged: its entity tag answers 304. (A photo nobody opened: no view is
    // written between the two.)
    const quiet = `/photo/${seed.photos[10]!.id}`;
    const tag = (await get(quiet)).res.headers.get('etag')!;
    expect((await get(quiet, { 'If-None-Match': tag })).res.status).toBe(304);
    expect((await get(quiet, { 'If-None-Match': `"other", W/${tag}` })).res.status).toBe(304);
    expect((await get(quiet, { 'If-None-Match': '"other"' })).res.status).toBe(200);
  });

  it('lists /search as cards with a next-page link that returns the next photos', async () => {
    const { res, html } = await get('/search?airline=' + seed.ref.cca);
    expect(res.status).toBe(200);
    const doc = docOf(html);
    const ids = (d: Document) =>
      [...d.querySelectorAll('[data-testid="search-results"] a[href^="/photo/"]')].map((a) =>
        Number(a.getAttribute('href')!.slice(7)),
      );
    const first = [...new Set(ids(doc))];
    const api = (await (await fetch(`${server.url}/api/v1/photos?airline=${seed.ref.cca}&limit=40`)).json()) as {
      items: { id: number }[];
      nextCursor: string | null;
    };
    expect(first).toEqual(api.items.map((p) => p.id));
    const next = doc.querySelector('a[rel="next"]');
    if (api.nextCursor === null) {
      expect(next).toBeNull();
    } else {
      const page2 = docOf((await get(next!.getAttribute('href')!)).html);
      const rest = (await (
        await fetch(`${server.url}/api/v1/photos?airline=${seed.ref.cca}&cursor=${api.nextCursor}`)
      ).json()) as {
        items: { id: number }[];
      };
      expect([...new Set(ids(page2))]).toEqual(rest.items.map((p) => p.id));
    }
    // The whole gallery: 45 photos, so page one links to page two, which holds the last 5.
    const all = docOf((await get('/search')).html);
    expect(new Set(ids(all)).size).toBe(40);
    const page2 = docOf((await get(all.querySelector('a[rel="next"]')!.getAttribute('href')!)).html);
    expect(new Set(ids(page2)).size).toBe(COUNT - 40);
    expect(page2.querySelector('a[rel="next"]')).toBeNull();
  });

  it('renders every public page with its heading, and answers a gone photo with the Chinese 404 page', async () => {
    const pages: [string, string | RegExp][] = [
      ['/', '航迹 Contrail'],
      [`/airframe/${airframeId}`, photo.registration],
      [`/reg/${photo.registration}`, photo.registration],
      [`/user/${seed.photographer.id}`, seed.photographer.username],
      ['/potw', '每周图片'],
      ['/guide/upload', '上传指南'],
      ['/guide/standard', '审图标准'],
      ['/terms', '用户协议'],
      ['/api', '开放接口'],
      ['/about', '关于航迹 Contrail'],
    ];
    for (const [path, heading] of pages) {
      const { res, html } = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('etag'), path).toBeTruthy();
      const doc = docOf(html);
      expect(doc.querySelector('h1')?.textContent, path).toMatch(heading);
      // The header as a visitor sees it; the app puts a member's name there once it runs.
      expect(doc.querySelector('[data-testid="user-entry"]')!.textContent, path).toBe('登录/注册');
      expect(doc.getElementById('contrail-state'), path).not.toBeNull();
      expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href'), path).toBe(`${server.url}${path}`);
      // Every link a crawler follows is a real address of the site.
      const links = [...doc.querySelectorAll('#root a[href^="/"]')].map((a) => a.getAttribute('href')!);
      expect(links.length, path).toBeGreaterThan(0);
    }
    const home = docOf((await get('/')).html);
    expect(home.querySelectorAll('[data-testid="latest-grid"] a[href^="/photo/"]').length).toBeGreaterThan(0);
    const user = docOf((await get(`/user/${seed.photographer.id}`)).html);
    expect(user.title).toBe(`${seed.photographer.username} · 航迹`);

    const gone = await get('/photo/999999');
    expect(gone.res.status).toBe(404);
    expect(docOf(gone.html).querySelector('h1')!.textContent).toBe('图片不存在');
    const unknown = await get('/no/such/page');
    expect(unknown.res.status).toBe(404);
    expect(docOf(unknown.html).querySelector('h1')!.textContent).toBe('页面不存在');
    // A route the browser renders (a member's own) is the shell, as before.
    const shell = docOf((await get('/upload')).html);
    expect(shell.getElementById('root')!.children).toHaveLength(0);
    // So is any page for a browser that holds a session (its hint), never to be kept by a shared cache.
    const member = await get(`/photo/${photo.id}`, { Cookie: 'theme=dark; contrail_member=1' });
    expect(docOf(member.html).getElementById('root')!.children).toHaveLength(0);
    expect(member.res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('sends the shell during maintenance, whose app meets the API’s 503', async () => {
    const services = await servicesFor(server);
    try {
      await services.site.setMaintenance(true, '系统升级', null);
      // The status is read again within a second or so; the page follows it.
      await expect
        .poll(async () => docOf((await get(`/photo/${photo.id}`)).html).getElementById('root')!.children.length)
        .toBe(0);
      await services.site.setMaintenance(false, '', null);
      await expect
        .poll(async () => docOf((await get(`/photo/${photo.id}`)).html).getElementById('root')!.children.length)
        .toBeGreaterThan(0);
    } finally {
      await services.site.setMaintenance(false, '', null);
      await services.close();
    }
  });

  // Issue 34, item 24: the upload page's chunk is named in the shell's head, to load beside the app's entry.
  it('sends /upload as the shell whose head preloads the upload page and what it imports', async () => {
    const doc = docOf((await get('/upload')).html);
    expect(doc.getElementById('root')!.children.length).toBe(0);
    const preloads = [...doc.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href')!);
    expect(preloads.some((href) => /\/assets\/upload-page-[^/]+\.js$/.test(href))).toBe(true);
    for (const href of preloads) expect((await fetch(`${server.url}${href}`)).status).toBe(200);
    // Another page the browser renders does not name it.
    expect((await get('/following')).html).not.toMatch(/upload-page-/);
  });

  it('a withdrawn photo leaves the HTML at once: its page answers 404', async () => {
    const services = await servicesFor(server);
    const withdrawn = seed.photos[0]!;
    try {
      expect((await get(`/photo/${withdrawn.id}`)).res.status).toBe(200);
      const login = await services.sessions.login(seed.photographer.email, 'password-123', '127.0.0.1');
      const res = await fetch(`${server.url}/api/v1/photos/${withdrawn.id}/withdraw`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${login.token}` },
      });
      expect(res.status).toBe(200);
      const after = await get(`/photo/${withdrawn.id}`);
      expect(after.res.status).toBe(404);
      expect(after.html).toContain('图片不存在');
    } finally {
      await services.close();
    }
  });

  it('goes home → search → a photo → its airframe → its photographer by links alone, without script', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(server.url);
      expect(await page.locator('h1').first().textContent()).toBe('航迹 Contrail');
      await page.getByRole('link', { name: '进入图库' }).click();
      await page.waitForURL(/\/search$/);
      await page.locator('[data-testid="search-results"] a[href^="/photo/"]').first().click();
      await page.waitForURL(/\/photo\/\d+$/);
      // The heading's own text: badges (编辑精选, 首张) follow it.
      const registration = await page.locator('h1').evaluate((h) => h.firstChild?.textContent ?? '');
      await page.locator('a[href^="/airframe/"]').first().click();
      await page.waitForURL(/\/airframe\/\d+$/);
      expect(await page.locator('h1').textContent()).toContain(registration!.trim());
      await page.locator(`a[href="/user/${seed.photographer.id}"]`).first().click();
      await page.waitForURL(new RegExp(`/user/${seed.photographer.id}$`));
      expect(await page.locator('h1').first().textContent()).toContain(seed.photographer.username);
      await screenshot(page, 'public-html-no-script-user-1366');
    } finally {
      await context.close();
    }
  });

  it('lists the site in a sitemap index whose files parse, and whose URLs answer 200', async () => {
    const robots = (await get('/robots.txt')).html;
    const indexUrl = /^Sitemap: (\S+)$/m.exec(robots)![1]!;
    const xml = (text: string) => {
      const doc = new JSDOM(text, { contentType: 'application/xml' }).window.document;
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      return doc;
    };
    const index = xml((await get(new URL(indexUrl).pathname)).html);
    const files = [...index.getElementsByTagName('loc')].map((l) => new URL(l.textContent!));
    expect(files.map((f) => f.pathname)).toEqual(
      expect.arrayContaining([
        '/sitemaps/pages.xml',
        '/sitemaps/photos-1.xml',
        '/sitemaps/airframes-1.xml',
        '/sitemaps/members-1.xml',
      ]),
    );
    const locs: string[] = [];
    for (const file of files) {
      const doc = xml((await get(`${file.pathname}${file.search}`)).html);
      const urls = [...doc.getElementsByTagName('url')];
      expect(urls.length).toBeLessThanOrEqual(50_000);
      for (const u of urls) expect(u.getElementsByTagName('lastmod')[0]!.textContent).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      locs.push(...urls.map((u) => u.getElementsByTagName('loc')[0]!.textContent!));
    }
    expect(locs.filter((l) => l.includes('/photo/')).length).toBeGreaterThanOrEqual(COUNT - 1);
    // A sample of every kind of URL, each a page that answers 200.
    const sample = ['/photo/', '/airframe/', '/reg/', '/user/', '/terms'].map((kind) => locs.find((l) => l.includes(kind))!);
    for (const loc of sample) expect((await fetch(loc)).status, loc).toBe(200);
  });

  /** Opens a page and records what hydration says and every API call it makes. */
  async function hydrate(page: Page, path: string) {
    const problems: string[] = [];
    const api: string[] = [];
    page.on('console', (m) => {
      // The browser's own line about a 404 document is not the app's.
      if (m.type() === 'error' && !/status of 404/.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) api.push(`${r.method()} ${url.pathname}`);
    });
    await page.goto(`${server.url}${path}`);
    await appReady(page);
    await page.waitForLoadState('networkidle');
    return { problems, api };
  }

  it('hydrates every public page without an error or a request for what the HTML carried', async () => {
    const paths = [
      '/',
      '/search',
      `/search?airline=${seed.ref.cca}`,
      `/photo/${photo.id}`,
      `/airframe/${airframeId}`,
      `/reg/${photo.registration}`,
      `/user/${seed.photographer.id}`,
      '/potw',
      '/rankings',
      '/guide/upload',
      '/guide/standard',
      '/terms',
      '/api',
      '/about',
      '/no/such/page',
    ];
    for (const width of [1366, 390]) {
      for (const path of paths) {
        const { context, page } = await openTab(browser, null, { width });
        const { problems, api } = await hydrate(page, path);
        expect(problems, `${path} at ${width}`).toEqual([]);
        // The home page asks for the NOTAM once it has loaded (it is not in the HTML); a photo page counts its view.
        const allowed = ['GET /api/v1/notams/current', `POST /api/v1/photos/${photo.id}/view`];
        expect(
          api.filter((a) => !allowed.includes(a)),
          `${path} at ${width}`,
        ).toEqual([]);
        expect(await noOverflow(page), `${path} at ${width}`).toBe(0);
        // Opened first, a page brings every style it uses (the airframe's facts once borrowed the photo page's).
        if (path.startsWith('/airframe/')) {
          expect(await page.getByTestId('airframe-facts').evaluate((el) => getComputedStyle(el).display)).toBe('grid');
        }
        if (['/', '/search', `/photo/${photo.id}`, `/airframe/${airframeId}`].includes(path)) {
          await screenshot(page, `public-html-${path.split('/')[1] || 'home'}-${width}`);
        }
        await context.close();
      }
    }
    // 28 fresh browsers: about 70 s on a quiet machine, so the default 90 s was too near.
  }, 240_000);

  it('hydrates the same in a reader’s own time zone: days are the site’s (Beijing) on both sides', async () => {
    for (const timezoneId of ['Pacific/Auckland', 'America/Los_Angeles']) {
      for (const path of [`/user/${seed.photographer.id}`, `/photo/${photo.id}`]) {
        const { context, page } = await openTab(browser, null, { timezoneId });
        const { problems } = await hydrate(page, path);
        expect(problems, `${path} in ${timezoneId}`).toEqual([]);
        await context.close();
      }
    }
  });

  it('works after hydration: a view counted, a like, a follow and the login dialog', async () => {
    const services = await servicesFor(server);
    await services.accounts.createUser({ email: 'fan@example.com', username: '追机人', password: 'password-123', level: 0 });
    const fan = { ...(await services.sessions.login('fan@example.com', 'password-123', '127.0.0.1')) };
    await services.close();
    const target = seed.photos[3]!;
    const views = async () => ((await (await fetch(`${server.url}/api/v1/photos/${target.id}`)).json()) as PhotoResponse).views;

    // A visitor: the page counts its view (the HTML did not), and 喜欢 asks them to sign in.
    const visitor = await openTab(browser, null);
    const before = await views();
    await hydrate(visitor.page, `/photo/${target.id}`);
    // GET above counted one more itself: the page's own view is the other.
    await expect.poll(views).toBeGreaterThanOrEqual(before + 2);
    await visitor.page.getByTestId('like-button').click();
    await visitor.page.getByRole('dialog').waitFor();
    await visitor.context.close();

    // A member: the header shows their name in place of 登录/注册 and moves nothing, the like and the follow answer.
    const member = await openTab(browser, fan);
    await member.context.addInitScript(() => {
      const w = window as unknown as { headerShifts: number };
      w.headerShifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { sources?: { node?: Node | null }[] })[]) {
          if (e.sources?.some((s) => s.node instanceof Element && s.node.closest('header.header'))) w.headerShifts += 1;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const { problems } = await hydrate(member.page, `/photo/${target.id}`);
    expect(problems).toEqual([]);
    await expect.poll(() => member.page.getByTestId('user-entry').textContent()).toContain('追机人');
    expect(await member.page.evaluate(() => (window as unknown as { headerShifts: number }).headerShifts)).toBe(0);
    await member.page.getByTestId('like-button').click();
    await expect.poll(() => member.page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
    await member.page.goto(`${server.url}/user/${seed.photographer.id}`);
    await appReady(member.page);
    await member.page.locator('.follow-btn').first().click();
    await expect.poll(() => member.page.locator('.follow-btn-on').count()).toBe(1);
    await member.context.close();
  });
});
