import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Request, Response, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES, REJECT_REASONS } from '../contract/photos.js';
import { MESSAGES, SHELL } from '../contract/texts.js';
import { makeJpeg } from '../server/src/testing/images.js';
import {
  appReady,
  browserAvailable,
  launchBrowser,
  noticeTexts,
  noticesSeen,
  screenshot,
  servicesFor,
  startServer,
  type RunningServer,
  recordNotices,
} from './harness.js';
import { toJson } from '../server/src/db/json.js';

// Issue 12: what a new photographer stumbled over in the first hour — register, log in, upload,
// look at the queue — at 1366 px and on a 390 px phone.

interface Opened {
  context: BrowserContext;
  page: Page;
  requests: Request[];
  responses: Response[];
  /** Console warnings and errors, and uncaught page errors. */
  problems: string[];
}

/** Holds matching requests until `release()`: a slow network for one chunk, without fixed sleeps. */
async function gate(page: Page, pattern: string | RegExp) {
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  let seen = 0;
  await page.route(pattern, async (route: Route) => {
    seen += 1;
    await released;
    await route.continue();
  });
  return { release: () => open(), seen: () => seen };
}

describe.skipIf(!browserAvailable())("a new member's first hour in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let session: Record<string, unknown>;
  let memberId: number;
  const member = { email: 'newbie@example.com', username: '新手飞友', password: 'first-hour-12' };
  const stopped = { email: 'stopped@example.com', username: '被停用的飞友', password: 'first-hour-12' };

  beforeAll(async () => {
    server = await startServer();
    const services = await servicesFor(server);
    const user = await services.accounts.createUser({ ...member, level: 0 });
    memberId = user.id;
    const suspended = await services.accounts.createUser({ ...stopped, level: 0 });
    await services.db
      .updateTable('users')
      .set({ status: 'suspended', suspension_reason: '多次上传他人作品', suspended_until: Date.UTC(2030, 0, 15) })
      .where('id', '=', suspended.id)
      .execute();
    session = { ...(await services.sessions.login(member.email, member.password, '127.0.0.1')) };
    const actor = { id: user.id, username: member.username, level: 0, sessionId: 0 };
    const b738 = (await services.reference.search('aircraft_types', { q: 'B738', limit: 1 }, null)).items[0]!;
    const pvg = (await services.reference.search('airports', { q: 'PVG', limit: 1 }, null)).items[0]!;
    const file = path.join(server.dataDir, 'seed.jpg');
    const facts = {
      aircraftTypeId: b738.id,
      airportId: pvg.id,
      takenOn: '2024-06-01',
      categories: ['airliner'],
      queue: 'normal' as const,
      watermark: null,
    };
    // One photo waiting (its airport mis-picked), one rejected for a tilted horizon.
    fs.writeFileSync(file, await makeJpeg({ seed: 31 }));
    await services.uploads.upload(actor, file, { ...facts, registration: 'B-1001' });
    fs.writeFileSync(file, await makeJpeg({ seed: 32 }));
    const rejected = (await services.uploads.upload(actor, file, { ...facts, registration: 'B-1002' })).photo;
    await services.db
      .updateTable('photos')
      .set({ state: 'rejected', decided_at: Date.now() })
      .where('id', '=', rejected.id)
      .execute();
    await services.db
      .insertInto('screening_events')
      .values({
        photo_id: rejected.id,
        actor_id: null,
        from_state: 'pending',
        to_state: 'rejected',
        reasons: toJson(['horizon']),
        message: null,
        created_at: Date.now(),
      })
      .execute();
    await services.close();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(route: string, opts: { width?: number; signedIn?: boolean } = {}): Promise<Opened> {
    const width = opts.width ?? 1366;
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 844 }, locale: 'zh-CN' });
    await recordNotices(context);
    context.setDefaultTimeout(20_000);
    if (opts.signedIn) await context.addInitScript((s) => localStorage.setItem('userInfo', JSON.stringify(s)), session);
    const page = await context.newPage();
    const requests: Request[] = [];
    const responses: Response[] = [];
    const problems: string[] = [];
    page.on('request', (r) => requests.push(r));
    page.on('response', (r) => responses.push(r));
    page.on('console', (m) => (m.type() === 'warning' || m.type() === 'error') && problems.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    if (route) {
      await page.goto(`${server.url}${route}`);
      await page.locator('header.header').waitFor();
    }
    return { context, page, requests, responses, problems };
  }

  const loginCalls = (requests: Request[]) => requests.filter((r) => r.url().includes('/api/v1/user/login'));

  // Item 1: the dialog at once; issue 34, item 25: with its fields, nothing left to fetch.
  it('opens the login dialog usable at once, with no chunk to wait for', async () => {
    for (const width of [1366, 390]) {
      const { context, page, requests } = await open('', { width });
      await page.goto(`${server.url}/`);
      await appReady(page);
      // From here every script is held back, as on a slow network: the dialog must not need one.
      const scripts = await gate(page, /\/assets\/[^/]+\.js/);
      const before = requests.length;
      if (width > 735) await page.getByTestId('user-entry').click();
      else {
        await page.getByTestId('menu-toggle').click();
        await page.getByTestId('nav-dropdown').getByText(SHELL.loginOrRegister).click();
      }
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByText(SHELL.loginTitle).isVisible()).toBe(true);
      await screenshot(page, `login-dialog-${width}`);
      // The email field has the focus: typing goes straight in.
      await page.keyboard.type('pilot@example');
      expect(await page.getByTestId('login-email').inputValue()).toBe('pilot@example');
      await page.getByTestId('login-password').fill('x');
      expect(await dialog.getByRole('button', { name: SHELL.login, exact: true }).isEnabled()).toBe(true);
      expect(scripts.seen()).toBe(0);
      expect(requests.slice(before).filter((r) => r.resourceType() === 'script')).toHaveLength(0);
      // Escape closes it, and the focus goes back to what opened it (the dropdown's entry is gone with the menu).
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      if (width > 735) expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('user-entry');
      scripts.release();
      await context.close();
    }
  });

  // Item 2.
  it('submits the login dialog with Enter, and says on the field which addresses are accepted', async () => {
    const { context, page, requests } = await open('/');
    await appReady(page);
    await page.getByTestId('user-entry').click();
    const dialog = page.getByRole('dialog');
    await page.getByTestId('login-email').fill('first.last@example.com');
    await page.getByTestId('login-password').fill('some-password');
    await page.getByTestId('login-password').press('Enter');
    await expect.poll(() => noticesSeen(page)).toContain(SHELL.enterEmailAndPassword);
    const fieldMessage = dialog.locator('.dialog-field-error', { hasText: MESSAGES.emailRule });
    await fieldMessage.waitFor();
    await screenshot(page, 'login-dialog-email-rule');
    expect(loginCalls(requests)).toHaveLength(0);

    await page.getByTestId('login-email').fill(member.email);
    await expect.poll(() => fieldMessage.count()).toBe(0);
    await page.getByTestId('login-password').fill(member.password);
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.getByTestId('login-email').press('Enter');
    await expect.poll(() => noticesSeen(page)).toContain(MESSAGES.loginOk);
    await expect.poll(() => loads).toBe(1);
    await expect.poll(() => page.getByTestId('user-entry').textContent()).toBe(member.username);
    expect(loginCalls(requests)).toHaveLength(1);
    await context.close();
  });

  it('sends a visitor who asked for /upload home with the login dialog open, and to /upload once signed in', async () => {
    const { context, page } = await open('/upload');
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => noticesSeen(page)).toContain(SHELL.loginFirst);
    await page.getByTestId('login-email').fill(member.email);
    await page.getByTestId('login-password').fill(member.password);
    await page.getByTestId('login-password').press('Enter');
    await page.waitForURL(`${server.url}/upload`);
    await page.getByTestId('upload-form').waitFor();
    await context.close();
  });

  // Item 3.
  it('registration: the address rule before typing, the terms in a new tab, 已有账号？登录, and a member sent to their page', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await open('/register', { width });
      const form = page.getByTestId('register-form');
      await form.waitFor();
      expect(await form.getByText(MESSAGES.emailRule).isVisible()).toBe(true);
      await form.getByLabel('用户名').fill('还没注册完');
      await screenshot(page, `register-${width}`);
      const terms = form.getByRole('link', { name: '用户协议' });
      expect(await terms.getAttribute('target')).toBe('_blank');
      const [tab] = await Promise.all([context.waitForEvent('page'), terms.click()]);
      await tab.getByTestId('terms').waitFor();
      expect(new URL(tab.url()).pathname).toBe('/terms');
      expect(await form.getByLabel('用户名').inputValue()).toBe('还没注册完');
      expect(await form.getByRole('link', { name: '审图标准' }).getAttribute('href')).toBe('/guide/standard');

      await page.getByTestId('have-account').getByRole('button', { name: '登录' }).click();
      await page.getByTestId('login-email').waitFor();
      await context.close();
    }

    const { context, page } = await open('/register', { signedIn: true });
    await page.waitForURL(`${server.url}/user/${memberId}`);
    await context.close();
  });

  // Item 4.
  it('has the upload guide, the screening standard and the terms as pages, and every promise links there', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await open('/guide/standard', { width });
      await page.getByTestId('guide-standard').waitFor();
      const sections = page.getByTestId('reason');
      expect(await sections.count()).toBe(REJECT_REASONS.length);
      for (const [i, r] of REJECT_REASONS.entries()) {
        expect(await sections.nth(i).getAttribute('id')).toBe(r.code);
        expect(await sections.nth(i).getByRole('heading').textContent()).toBe(r.title);
        expect(await sections.nth(i).textContent()).toContain(r.guide);
      }
      await screenshot(page, `guide-standard-${width}`);
      await page.goto(`${server.url}/guide/upload`);
      await page.getByTestId('guide-upload').getByRole('heading', { name: '上传指南' }).waitFor();
      await screenshot(page, `guide-upload-${width}`);
      await page.goto(`${server.url}/terms`);
      await page.getByTestId('terms').getByRole('heading', { name: '用户协议' }).waitFor();
      await screenshot(page, `terms-${width}`);
      await page.goto(`${server.url}/about`);
      for (const [name, href] of [
        ['上传指南', '/guide/upload'],
        ['审图标准', '/guide/standard'],
        ['用户协议', '/terms'],
      ]) {
        expect(await page.locator('main').getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
      }
      await screenshot(page, `about-${width}`);
      await context.close();
    }

    const { context, page } = await open('/register/success', { signedIn: true });
    const both = async (name: string) => {
      await screenshot(page, `${name}-1366`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `${name}-390`);
      await page.setViewportSize({ width: 1366, height: 800 });
    };
    await page.getByTestId('register-success').waitFor();
    await both('register-success');
    await page.getByTestId('register-success').getByRole('link', { name: '上传指南' }).first().click();
    await page.waitForURL(`${server.url}/guide/upload`);
    await page.goto(`${server.url}/upload`);
    await page.getByTestId('upload-form').waitFor();
    expect(await page.locator('main').getByRole('link', { name: '审图标准' }).getAttribute('href')).toBe('/guide/standard');
    expect(await page.locator('main').getByRole('link', { name: '上传指南' }).getAttribute('href')).toBe('/guide/upload');

    // A rejection's reason opens its own section of the standard.
    await page.goto(`${server.url}/queue/reject`);
    await page.getByTestId('reject-item').waitFor();
    await both('queue-reject');
    await page.getByTestId('reject-item').getByTestId('reason-guide').click();
    await page.waitForURL(`${server.url}/guide/standard#horizon`);
    const section = page.locator('#horizon');
    await expect.poll(() => section.getAttribute('class')).toContain('is-target');
    await expect.poll(async () => (await section.boundingBox())!.y).toBeLessThan(200);
    await screenshot(page, 'guide-standard-horizon');
    await context.close();
  });

  // Item 5, in the browser (every query is checked through the API in reference.test.ts).
  it('selectors put what people type first', async () => {
    const { context, page } = await open('/upload', { signedIn: true });
    await page.getByTestId('upload-form').waitFor();
    const expectFirst = async (kind: string, query: string, shown: string) => {
      // The answer to the whole query (typing pauses make earlier ones), then the list showing it.
      const answer = page.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === `/api/v1/${kind}` && url.searchParams.get('q') === query;
      });
      await page.getByTestId(`select-${kind}`).click();
      await page.keyboard.type(query);
      const first = (await (await answer).json()).items[0];
      const option = page.getByTestId(`select-${kind}`).getByRole('option').first();
      await expect.poll(() => option.textContent()).toContain(shown);
      await page.keyboard.press('Escape');
      return first;
    };
    expect(await expectFirst('aircraft-types', '空客A320', '空客 A320（A320）')).toMatchObject({ icao: 'A320' });
    expect(await expectFirst('aircraft-types', '波音787', '波音 787')).toMatchObject({ typeName: '787' });
    expect(await expectFirst('airports', '首都机场', '北京首都')).toMatchObject({ icao: 'ZBAA' });
    expect(await expectFirst('airlines', '国航', '中国国际航空')).toMatchObject({ icao: 'CCA' });
    await screenshot(page, 'select-guohang');
    await context.close();
  });

  it("lets the owner correct a waiting photo's facts on /queue/upload", async () => {
    const pvg = ['PVG', '上海浦东'] as const;
    const pek = ['PEK', '北京首都'] as const;
    for (const [width, from, target] of [
      [1366, pvg, pek],
      [390, pek, pvg],
    ] as const) {
      const { context, page } = await open('/queue/upload', { width, signedIn: true });
      const item = page.getByTestId('queue-item').filter({ hasText: 'B-1001' });
      await item.waitFor();
      await item.getByRole('button', { name: '修改信息' }).click();
      const form = page.getByTestId('edit-facts-form');
      await form.waitFor();
      await expect.poll(() => form.getByTestId('select-airports').textContent()).toContain(from[1]);
      await page.waitForFunction(() => document.querySelector('.ant-modal')?.getAnimations({ subtree: true }).length === 0);
      await screenshot(page, `edit-facts-${width}`);
      await form.getByTestId('select-airports').click();
      await page.keyboard.type(target[0]);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: target[1] }).first().click();
      // 保存, or Enter in a field.
      if (width > 500) await page.getByRole('button', { name: '保存' }).click();
      else await form.getByLabel('MSN（出厂序列号）').press('Enter');
      await expect.poll(() => noticesSeen(page)).toContain(PHOTO_MESSAGES.saved);
      await expect.poll(() => item.textContent()).toContain(target[1]);
      expect(await item.getByTestId('position').textContent()).toContain('第 1 位');
      if (width === 390) {
        // The notice, 70 px from the top, ends above the page's heading.
        await page.evaluate(() => window.scrollTo(0, 0));
        const notice = (await page.locator('.notices').boundingBox())!;
        const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
        expect(notice.y + notice.height).toBeLessThanOrEqual(heading.y);
        await screenshot(page, 'queue-upload-notice-390');
      }
      await context.close();
    }
  });

  // Issue 19, item 9.
  it('keeps notices clear of page headings and dialog titles, and a later notice replaces an older one of its kind', async () => {
    /** Whether every notice ends above `target`, once nothing on the page moves any more. */
    const clearOf = async (page: Page, target: Locator) => {
      await page.locator('.notice').first().waitFor();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const [notices, box] = await Promise.all([page.locator('.notices').boundingBox(), target.boundingBox()]);
      return notices!.y + notices!.height <= box!.y;
    };
    for (const width of [1366, 390]) {
      // A dialog's title: the guard's 请先登录 above the login dialog it opened.
      const visitor = await open('/upload', { width });
      await visitor.page.waitForURL(`${server.url}/`);
      await expect.poll(() => noticeTexts(visitor.page)).toEqual([SHELL.loginFirst]);
      await visitor.page.getByTestId('login-email').waitFor();
      expect(await clearOf(visitor.page, visitor.page.locator('.dialog-title'))).toBe(true);
      // A wrong password: the new warning replaces the guard's.
      await visitor.page.getByTestId('login-email').fill(member.email);
      await visitor.page.getByTestId('login-password').fill('not-the-password');
      await visitor.page.getByTestId('login-password').press('Enter');
      // Waited for as one state: the new notice alone on screen (polling "the old one gone" alone once
      // saw the moment between the two, with neither on screen).
      await expect
        .poll(async () => {
          const shown = await noticeTexts(visitor.page);
          return shown.length === 1 && shown[0] !== SHELL.loginFirst;
        })
        .toBe(true);
      await screenshot(visitor.page, `notice-over-dialog-${width}`);
      await visitor.context.close();

      // A page's heading: a suspended member's login lands on /AccountStop under a long notice.
      const { context, page } = await open('/upload', { width });
      await page.getByTestId('login-email').fill(stopped.email);
      await page.getByTestId('login-password').fill(stopped.password);
      await page.getByTestId('login-password').press('Enter');
      await page.waitForURL(`${server.url}/AccountStop`);
      await expect.poll(() => noticeTexts(page)).toEqual([expect.stringContaining('账号已被停用。原因：多次上传他人作品；')]);
      expect(await clearOf(page, page.getByRole('heading', { name: '账号已被停用' }))).toBe(true);
      await screenshot(page, `notice-over-heading-${width}`);
      await context.close();
    }
  });

  // Item 6.
  it('upload feedback: 请选择照片 on the file area, 处理中… after 100 %, success said once, notices clear of the heading', async () => {
    const { context, page } = await open('/upload', { width: 390, signedIn: true });
    const form = page.getByTestId('upload-form');
    await form.waitFor();
    await page.getByRole('button', { name: '上传', exact: true }).click();
    await expect.poll(() => page.getByTestId('file-error').textContent()).toBe(PHOTO_MESSAGES.missingFile);
    // …brought into view: on a phone the file area is far above the button.
    await expect
      .poll(() =>
        page.getByTestId('file-error').evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await screenshot(page, 'upload-missing-file-390');

    await page.locator('input[type=file]').setInputFiles({
      name: 'p.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg({ width: 2000, height: 1333, seed: 33, exif: true, dateTaken: '2024:07:01 09:00:00' }),
    });
    await page.locator('img.upload-preview').waitFor();
    await form.getByLabel('注册号', { exact: true }).fill('B-1003');
    for (const [testId, query, text] of [
      ['select-aircraft-types', 'B738', '737'],
      ['select-airports', 'PVG', '上海浦东'],
    ] as const) {
      await page.getByTestId(testId).click();
      await page.keyboard.type(query);
      await page.getByTestId(testId).getByRole('option', { name: text }).first().click();
    }
    // A slow link: the file leaves in steps, and the answer takes two seconds more to come back,
    // the time between a full bar and the server's answer that 处理中… fills.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 2000,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await page.getByRole('button', { name: '上传', exact: true }).click();
    await page.getByTestId('upload-progress').waitFor();
    await page.getByTestId('upload-processing').waitFor();
    await screenshot(page, 'upload-processing-390');
    await page.getByTestId('upload-done').getByText(PHOTO_MESSAGES.uploaded).waitFor();
    expect(await page.getByText(PHOTO_MESSAGES.uploaded).count()).toBe(1);
    expect(await noticeTexts(page)).not.toContain(PHOTO_MESSAGES.uploaded);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await screenshot(page, 'upload-done-390');
    await context.close();
  });

  // Item 7.
  it('names every page in the tab, warns nothing in the console and asks nothing that answers 404', async () => {
    const visits: [string, string, boolean][] = [
      ['/', '航迹 Contrail', false],
      ['/register', '注册 · 航迹', false],
      ['/guide/upload', '上传指南 · 航迹', false],
      ['/guide/standard', '审图标准 · 航迹', false],
      ['/terms', '用户协议 · 航迹', false],
      ['/about', '关于 · 航迹', false],
      ['/upload', '上传 · 航迹', true],
      ['/queue/upload', '待审队列 · 航迹', true],
      ['/queue/reject', '我的退图 · 航迹', true],
    ];
    for (const signedIn of [false, true]) {
      const { context, page, problems, responses } = await open('', { signedIn });
      for (const [route, title] of visits.filter((v) => v[2] === signedIn)) {
        await page.goto(`${server.url}${route}`);
        await expect.poll(() => page.title()).toBe(title);
        await page.locator('main [data-testid], main h1').first().waitFor();
      }
      if (signedIn) {
        // A registration nobody has photographed yet: the auto-fill asks, and hears "nothing", not 404.
        await page.goto(`${server.url}/upload`);
        const lookup = page.waitForResponse((r) => r.url().includes('/api/v1/registrations/'));
        await page.getByTestId('upload-form').getByLabel('注册号', { exact: true }).fill('B-0000');
        expect((await lookup).status()).toBe(200);
      }
      expect(problems).toEqual([]);
      expect(responses.filter((r) => r.status() >= 400).map((r) => `${r.status()} ${r.url()}`)).toEqual([]);
      // An unknown address is a page that answers 404 itself to a visitor (issue 36: crawlers drop it); a
      // member's browser gets the app's shell, which names it as well.
      const unknown = await page.goto(`${server.url}/no/such/page`);
      if (!signedIn) expect(unknown!.status()).toBe(404);
      await expect.poll(() => page.title()).toBe('页面不存在 · 航迹');
      await context.close();
    }
  });

  it('on a phone the menu closes when the login dialog opens, and the search placeholder fits', async () => {
    const { context, page } = await open('/', { width: 390 });
    await appReady(page);
    await page.getByTestId('menu-toggle').click();
    const dropdown = page.getByTestId('nav-dropdown');
    await dropdown.waitFor();
    await dropdown.getByText(SHELL.personalPage).click();
    await page.getByRole('dialog').waitFor();
    await expect.poll(() => dropdown.count()).toBe(0);
    await page.keyboard.press('Escape');

    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      const fits = await page.locator('.header-search input').evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: input.placeholder, needed: ctx.measureText(input.placeholder).width, room };
      });
      expect(fits.needed, `${width} px: “${fits.text}”`).toBeLessThanOrEqual(fits.room);
    }
    await context.close();
  });

  it('shows a progress bar while the next page loads', async () => {
    const { context, page } = await open('/guide/upload');
    await page.getByTestId('guide-upload').waitFor();
    await appReady(page);
    const chunk = await gate(page, /\/assets\/standard-page-[^/]+\.js/);
    await page.getByTestId('guide-upload').getByRole('link', { name: '阅读审图标准' }).click();
    await page.locator('.route-progress').waitFor();
    expect(chunk.seen()).toBe(1);
    chunk.release();
    await page.getByTestId('guide-standard').waitFor();
    await expect.poll(() => page.locator('.route-progress').count()).toBe(0);
    await context.close();
  });
});
