import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  launchBrowser,
  noOverflow,
  openTab,
  type RunningServer,
  screenshot,
  screenshotStill,
  servicesFor,
  startServer,
} from './harness.js';

type Session = Record<string, unknown> & { id: number; token: string };

describe.skipIf(!browserAvailable())('NOTAMs and maintenance in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const sessions: Record<'admin' | 'member', Session> = {} as never;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    const services = await servicesFor(server);
    try {
      for (const [role, email, username, level] of [
        ['admin', 'admin@example.com', '站长', 3],
        ['member', 'member@example.com', '拍机少年', 0],
      ] as const) {
        await services.accounts.createUser({ email, username, password: 'password-123', level });
        sessions[role] = { ...(await services.sessions.login(email, 'password-123', '127.0.0.1')) } as Session;
      }
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

  /** A new browser (own storage) as `who`, or as a visitor. */
  async function open(who: keyof typeof sessions | null, width = 1366) {
    const opened = await openTab(browser, who ? sessions[who] : null, { width });
    contexts.push(opened.context);
    return opened;
  }

  const api =
    (path: string, method = 'GET') =>
    (r: { url(): string; request(): { method(): string } }) =>
      r.url().endsWith(`/api/v1${path}`) && r.request().method() === method;

  /** The home page once it has asked for the current NOTAM and decided whether to show it. */
  async function home(page: Page): Promise<'dialog' | 'none'> {
    await page.goto(`${server.url}/`);
    await page.getByTestId('notam-dialog').or(page.getByTestId('notam-checked')).first().waitFor({ state: 'attached' });
    return (await page.getByTestId('notam-dialog').count()) > 0 ? 'dialog' : 'none';
  }

  async function publishNew(page: Page, title: string, content: string) {
    const editor = page.getByTestId('notam-editor');
    await editor.getByTestId('notam-title').fill(title);
    await editor.getByTestId('notam-content-input').fill(content);
    await editor.getByTestId('notam-published').click();
    const saved = page.waitForResponse(api('/notams', 'POST'));
    await editor.getByTestId('notam-save').click();
    expect((await saved).status()).toBe(200);
    await page.getByTestId('notam-row').filter({ hasText: title }).waitFor();
  }

  const row = (page: Page, title: string) => page.getByTestId('notam-row').filter({ hasText: title });

  it('publishes a NOTAM whose HTML shows as text, once per id per browser; unpublishing removes it', async () => {
    const url = 'https://example.com/notam?id=1&lang=zh';
    const content = `跑道 18L 今晚关闭维护。\n<script>window.__x=1</script>\n<img src=x onerror="window.__y=1">\n详情见 ${url}，谢谢。`;
    const admin = (await open('admin')).page;
    await admin.goto(`${server.url}/manage/notam`);
    await expect.poll(() => admin.title()).toBe('NOTAM 与维护模式 · 航迹');
    const editor = admin.getByTestId('notam-editor');
    await editor.getByTestId('notam-title').fill('跑道关闭通知');
    await editor.getByTestId('notam-content-input').fill(content);
    // The preview is the home page's card: the markup as text, the address as a link.
    const preview = admin.getByTestId('notam-preview');
    await expect.poll(() => preview.getByTestId('notam-content').innerText()).toBe(content);
    expect(await preview.getByRole('link', { name: url }).getAttribute('href')).toBe(url);
    expect(await preview.locator('img, script').count()).toBe(0);
    // An end before the start is refused before anything is sent.
    await editor.getByTestId('notam-starts').fill('2030-05-02T10:00');
    await editor.getByTestId('notam-ends').fill('2030-05-01T10:00');
    await editor.getByTestId('notam-save').click();
    await editor.getByText('结束时间需晚于开始时间').waitFor();
    await editor.getByTestId('notam-starts').fill('');
    await editor.getByTestId('notam-ends').fill('');
    await editor.getByTestId('notam-published').click();
    const saved = admin.waitForResponse(api('/notams', 'POST'));
    await editor.getByTestId('notam-save').click();
    expect((await saved).status()).toBe(200);
    const first = row(admin, '跑道关闭通知');
    await first.getByText('首页显示中').waitFor();
    expect(await first.textContent()).toContain('已发布');
    expect(await first.textContent()).toContain('不限时间');
    // The editor is empty again for the next one.
    expect(await editor.getByTestId('notam-title').inputValue()).toBe('');

    // A visitor sees it: title, the content as typed, a link that opens a new tab, nothing executed.
    const visitor = (await open(null)).page;
    expect(await home(visitor)).toBe('dialog');
    const dialog = visitor.getByRole('dialog', { name: '跑道关闭通知' });
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.getByTestId('notam-content').innerText()).toBe(content);
    const link = dialog.getByRole('link', { name: url });
    expect(await link.getAttribute('href')).toBe(url);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await dialog.locator('img, script').count()).toBe(0);
    expect(await visitor.evaluate(() => [typeof (window as never)['__x'], typeof (window as never)['__y']])).toEqual([
      'undefined',
      'undefined',
    ]);
    // Focus starts on 我知道了 and Tab stays inside the dialog.
    expect(await visitor.evaluate(() => document.activeElement?.textContent)).toBe('我知道了');
    await visitor.keyboard.press('Tab');
    expect(await visitor.evaluate(() => document.activeElement?.textContent)).toBe(url);
    await visitor.keyboard.press('Tab');
    expect(await visitor.evaluate(() => document.activeElement?.textContent)).toBe('我知道了');
    await screenshot(visitor, 'notam-home-dialog-1366');

    // Esc closes it for now only; the next visit shows it again.
    await visitor.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await home(visitor)).toBe('dialog');
    // 我知道了 remembers the id: no dialog after a reload.
    await visitor.getByRole('button', { name: '我知道了' }).click();
    await visitor.getByTestId('notam-checked').waitFor({ state: 'attached' });
    expect(await visitor.getByTestId('notam-dialog').count()).toBe(0);
    expect(await home(visitor)).toBe('none');

    // A second NOTAM is a new id: the dialog again.
    await publishNew(admin, '五一审图安排', '五一期间审图可能较慢。');
    // The new row may show before the list is read again: wait for the old one to lose its mark.
    await row(admin, '跑道关闭通知').getByText('首页显示中').waitFor({ state: 'detached' });
    expect(await home(visitor)).toBe('dialog');
    expect(await visitor.getByRole('dialog').getByRole('heading').textContent()).toBe('五一审图安排');
    await visitor.getByRole('button', { name: '我知道了' }).click();
    expect(await home(visitor)).toBe('none');

    // Unsaved typing is not thrown away without asking when another NOTAM is picked.
    await editor.getByTestId('notam-title').fill('写了一半的草稿');
    await row(admin, '五一审图安排').getByRole('button', { name: '编辑' }).click();
    const ask = admin.locator('.ant-modal-confirm');
    await ask.locator('.ant-modal-confirm-title', { hasText: '放弃未保存的内容？' }).waitFor();
    await ask.getByRole('button', { name: '留在这里' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await editor.getByTestId('notam-title').inputValue()).toBe('写了一半的草稿');
    // While a NOTAM is in the form, its row's publish button waits (the form's save would undo it).
    await row(admin, '五一审图安排').getByRole('button', { name: '编辑' }).click();
    await ask.getByRole('button', { name: '放弃并继续' }).click();
    await editor.getByText('编辑 NOTAM：五一审图安排').waitFor();
    expect(await row(admin, '五一审图安排').getByRole('button', { name: '取消发布' }).isDisabled()).toBe(true);

    // An edit keeps the id (no new dialog for who acknowledged it) and shows the new text to others.
    await editor.getByTestId('notam-content-input').fill('五一期间审图可能较慢，请耐心等待。');
    const edited = admin.waitForResponse(api(`/notams/${await row(admin, '五一审图安排').getAttribute('data-id')}`, 'PUT'));
    await editor.getByTestId('notam-save').click();
    expect((await edited).status()).toBe(200);
    await editor.getByText('新建 NOTAM').waitFor();
    expect(await home(visitor)).toBe('none');

    // Unpublishing the second: the first is current again, and this browser acknowledged it already.
    const unpublished = admin.waitForResponse((r) => r.url().includes('/api/v1/notams/') && r.request().method() === 'PUT');
    await row(admin, '五一审图安排').getByRole('button', { name: '取消发布' }).click();
    expect((await unpublished).status()).toBe(200);
    await row(admin, '五一审图安排').getByText('未发布').waitFor();
    await row(admin, '跑道关闭通知').getByText('首页显示中').waitFor();
    expect(await home(visitor)).toBe('none');

    // Screenshots with both kinds of row, then a narrow window of the page and of the dialog.
    await admin.evaluate(() => window.scrollTo(0, 0));
    await screenshotStill(admin, 'notam-manage-1366');
    await row(admin, '五一审图安排').scrollIntoViewIfNeeded();
    await screenshotStill(admin, 'notam-manage-1366-list');
    const narrowAdmin = (await open('admin', 390)).page;
    await narrowAdmin.goto(`${server.url}/manage/notam`);
    await row(narrowAdmin, '五一审图安排').waitFor();
    await narrowAdmin.getByTestId('notam-title').fill('跑道关闭通知');
    await narrowAdmin.getByTestId('notam-content-input').fill(content);
    expect(await noOverflow(narrowAdmin)).toBeLessThanOrEqual(0);
    await screenshotStill(narrowAdmin, 'notam-manage-390');
    await narrowAdmin.getByTestId('notam-preview').scrollIntoViewIfNeeded();
    await screenshotStill(narrowAdmin, 'notam-manage-390-preview');
    await row(narrowAdmin, '五一审图安排').scrollIntoViewIfNeeded();
    await screenshotStill(narrowAdmin, 'notam-manage-390-list');
    const narrowVisitor = (await open(null, 390)).page;
    expect(await home(narrowVisitor)).toBe('dialog');
    expect(await noOverflow(narrowVisitor)).toBeLessThanOrEqual(0);
    await screenshot(narrowVisitor, 'notam-home-dialog-390');

    // Unpublished and deleted: nobody sees a NOTAM any more.
    await row(admin, '跑道关闭通知').getByRole('button', { name: '取消发布' }).click();
    await row(admin, '跑道关闭通知').getByText('未发布').waitFor();
    await row(admin, '五一审图安排').getByRole('button', { name: '删除' }).click();
    const deleted = admin.waitForResponse((r) => r.url().includes('/api/v1/notams/') && r.request().method() === 'DELETE');
    await admin.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    expect((await deleted).status()).toBe(200);
    await expect.poll(() => admin.getByTestId('notam-row').count()).toBe(1);
    expect(await home((await open(null)).page)).toBe('none');
  });

  it('maintenance: a member is sent to /maintenance and back to the exact page; the admin keeps working', async () => {
    const message = '数据库升级中，预计 30 分钟后恢复。\n给大家带来不便，敬请谅解。';
    // The member's 30-second checks run on Playwright's clock, moved on instead of waited for.
    const member = await open('member');
    await member.context.clock.install();
    const page = member.page;
    await page.goto(`${server.url}/queue/upload?x=1`);
    await page.getByTestId('slots').waitFor();
    const historyBefore = await page.evaluate(() => history.length);
    // The same member in another tab (own window), on the gallery with a filter.
    const other = (await open('member', 390)).page;
    const searched = other.waitForResponse((r) => r.url().includes('/api/v1/photos?'));
    await other.goto(`${server.url}/search?q=B-1234`);
    expect((await searched).status()).toBe(200);

    const admin = (await open('admin')).page;
    await admin.goto(`${server.url}/manage/notam`);
    await admin.getByTestId('maintenance-state').getByText('正常运行').waitFor();
    await admin.getByTestId('maintenance-message-input').fill(message);
    await admin.getByTestId('maintenance-switch').click();
    // Switching on asks first: cancelling sends nothing.
    const confirm = admin.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: '开启维护模式？' }).waitFor();
    await screenshotStill(admin, 'maintenance-confirm-1366');
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await admin.getByTestId('maintenance-state').textContent()).toBe('正常运行');
    await admin.getByTestId('maintenance-switch').click();
    const switched = admin.waitForResponse(api('/admin/site', 'PUT'));
    await confirm.getByRole('button', { name: '开启维护模式' }).click();
    expect((await switched).status()).toBe(200);
    await admin.getByTestId('maintenance-state').getByText('维护中').waitFor();

    // The member's next API call (the header's unread count, every minute) answers 503: off to /maintenance.
    await page.clock.fastForward(61_000);
    await page.waitForURL(`${server.url}/maintenance`);
    await page.getByRole('heading', { name: '系统维护中', exact: true }).waitFor();
    expect(await page.getByTestId('maintenance-message').innerText()).toBe(message);
    expect(await page.title()).toBe('系统维护中 · 航迹');
    await screenshot(page, 'maintenance-1366');
    // The other tab: a new search is its next call.
    await other.goto(`${server.url}/search?q=B-5678`);
    await other.waitForURL(`${server.url}/maintenance`);
    await other.getByRole('heading', { name: '系统维护中', exact: true }).waitFor();
    expect(await noOverflow(other)).toBeLessThanOrEqual(0);
    await screenshot(other, 'maintenance-390');

    // The admin is never sent there: pages and their calls work as usual.
    const list = admin.waitForResponse(api('/notams'));
    await admin.reload();
    expect((await list).status()).toBe(200);
    await admin.getByTestId('maintenance-state').getByText('维护中').waitFor();
    expect(await admin.getByTestId('maintenance-message-input').inputValue()).toBe(message);
    await admin.goto(`${server.url}/`);
    await admin.getByTestId('notam-checked').waitFor({ state: 'attached' });
    expect(admin.url()).toBe(`${server.url}/`);
    // On every page the administrator is reminded that the others see the maintenance page (issue 34, item 23).
    const reminder = admin.getByTestId('maintenance-reminder');
    await reminder.waitFor();
    expect(await reminder.innerText()).toContain('其他用户现在看到维护页面');
    await admin.goto(`${server.url}/manage/notam`);
    await reminder.waitFor();

    // A check while maintenance goes on changes nothing.
    const checked = page.waitForResponse(api('/site/status'));
    await page.clock.fastForward(31_000);
    expect(((await (await checked).json()) as { maintenance: boolean }).maintenance).toBe(true);
    await page.getByTestId('maintenance-recheck').getByText('重新检查').waitFor();
    expect(page.url()).toBe(`${server.url}/maintenance`);

    // Switched off (no question asked): the next check takes each tab back where it was.
    const off = admin.waitForResponse(api('/admin/site', 'PUT'));
    await admin.getByTestId('maintenance-switch').click();
    expect((await off).status()).toBe(200);
    await admin.getByTestId('maintenance-state').getByText('正常运行').waitFor();
    await reminder.waitFor({ state: 'detached' });
    await page.clock.fastForward(31_000);
    await page.waitForURL(`${server.url}/queue/upload?x=1`);
    await page.getByTestId('slots').waitFor();
    // The tab without the fake clock goes back when it regains focus.
    await other.evaluate(() => window.dispatchEvent(new Event('focus')));
    await other.waitForURL(`${server.url}/search?q=B-5678`);
    // The maintenance page took the visited page's place in the history, and gave it back.
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
  });
});
