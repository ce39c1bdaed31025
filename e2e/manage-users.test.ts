import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '../contract/manage.js';
import { MANAGE_MESSAGES } from '../contract/manage.js';
import {
  browserAvailable,
  launchBrowser,
  noOverflow,
  noticesSeen,
  openTab,
  type RunningServer,
  screenshotStill,
  servicesFor,
  startServer,
} from './harness.js';

type Session = Record<string, unknown> & { id: number; token: string };
type Services = Awaited<ReturnType<typeof servicesFor>>;

const PASSWORD = 'password-123';
const ADMIN = { email: 'tower@example.com', username: '塔台管理员', level: 3 };
const MEMBER = { email: 'spotter_wang@example.com', username: '拍机小王', level: 0 };
const OTHERS = [
  { email: 'planefan@example.com', username: '飞友甲', level: 0 },
  { email: 'checker@example.com', username: '审图员乙', level: 1 },
];

describe.skipIf(!browserAvailable())('users admin (/manage/user) in Chromium', () => {
  let server: RunningServer;
  let services: Services | undefined;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Session;
  let member: Session;

  beforeAll(async () => {
    server = await startServer();
    services = await servicesFor(server);
    for (const u of [ADMIN, MEMBER, ...OTHERS]) await services.accounts.createUser({ ...u, password: PASSWORD });
    admin = { ...(await services.sessions.login(ADMIN.email, PASSWORD, '127.0.0.1')) } as Session;
    member = { ...(await services.sessions.login(MEMBER.email, PASSWORD, '127.0.0.1')) } as Session;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await services?.close();
    await server?.stop();
  });

  /** A tab holding `session` (or none), in Beijing time: end dates and audit times read as admins in China see them. */
  async function tab(session: Session | null, width = 1366): Promise<Page> {
    const { context, page } = await openTab(browser, session, { width, timezoneId: 'Asia/Shanghai' });
    contexts.push(context);
    return page;
  }

  const putOf = (id: number) => (r: Response) => r.url().endsWith(`/api/v1/admin/users/${id}`) && r.request().method() === 'PUT';
  const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}/api/v1${path}`, init);
  const asAdmin = async (id: number) =>
    (await (await api(`/admin/users/${id}`, { headers: { Authorization: `Bearer ${admin.token}` } })).json()) as AdminUserDetail;
  const login = (email: string) =>
    api('/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });

  async function search(page: Page, q: string) {
    const box = page.getByTestId('user-search').locator('input');
    await box.fill(q);
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === q);
  }
  const detail = (page: Page) => page.getByTestId('user-detail');
  /** Clicks a level's button as a user does (its label), and waits until it is the chosen one. */
  async function pickLevel(page: Page, label: string) {
    const levels = page.getByTestId('level-section');
    await levels.getByText(label, { exact: true }).click();
    await expect.poll(() => levels.getByRole('radio', { name: label, exact: true }).isChecked()).toBe(true);
  }
  const auditTexts = (page: Page) => detail(page).getByTestId('audit-entry').allTextContents();

  it('suspends a member found by email: their open tab is sent to /AccountStop, login is refused, the audit names the admin; lifting lets them back', async () => {
    // The member has a page open with their session.
    const memberPage = await tab(member);
    await memberPage.goto(`${server.url}/queue/upload`);
    await memberPage.getByRole('heading', { name: '我的待审队列' }).waitFor();

    const page = await tab(admin);
    // The team's contact, set in /manage/notam: the suspended member will be told it.
    await page.goto(`${server.url}/manage/notam`);
    const contactBox = page.getByTestId('site-contact-input');
    await expect.poll(() => contactBox.isEnabled()).toBe(true);
    await contactBox.fill('邮箱 team@contrail.example，QQ 群 123456');
    const contactSaved = page.waitForResponse((r) => r.url().endsWith('/api/v1/admin/site/contact'));
    await page.getByTestId('site-contact-save').click();
    expect((await contactSaved).status()).toBe(200);
    await page.goto(`${server.url}/manage/user`);
    await page.getByTestId('user-table').waitFor();
    expect(await page.title()).toBe('用户管理 · 航迹');
    expect(await page.locator('.user-row').count()).toBe(4);

    await search(page, 'spotter_w');
    await expect.poll(() => page.locator('.user-row').count()).toBe(1);
    const row = page.getByTestId(`user-row-${member.id}`);
    const rowText = await row.textContent();
    for (const text of [MEMBER.username, MEMBER.email, String(member.id), '注册用户', '正常', '10 / 0'])
      expect(rowText).toContain(text);
    expect(rowText).toMatch(/\d{4}-\d{2}-\d{2}/);
    await screenshotStill(page, 'manage-users-list');

    await row.click();
    await page.waitForURL((url) => url.searchParams.get('id') === String(member.id));
    await detail(page).getByRole('heading', { name: MEMBER.username }).waitFor();
    // The selected user is in the address: a reload opens the same detail.
    await page.reload();
    await detail(page).getByRole('heading', { name: MEMBER.username }).waitFor();
    expect(await detail(page).getByText('暂无记录').isVisible()).toBe(true);

    // A reason is required before anything is sent.
    const suspension = page.getByTestId('suspension-section');
    await suspension.getByRole('button', { name: '停用账号' }).click();
    await suspension.getByText(MANAGE_MESSAGES.suspendReason).waitFor();
    await suspension.getByText('请选择停用结束日期').waitFor();

    await suspension.getByLabel('停用原因').fill('多次上传他人作品');
    const picker = suspension.getByPlaceholder('选择日期');
    await picker.click();
    await picker.fill('2030-01-15');
    await picker.press('Enter');
    // The exact end, in Beijing time, before anything is saved (the member is told the same instant).
    expect(await suspension.getByTestId('suspension-end').textContent()).toBe('将于 2030-01-15 08:00（北京时间） 自动恢复');
    const suspended = page.waitForResponse(putOf(member.id));
    await suspension.getByRole('button', { name: '停用账号' }).click();
    const put = await suspended;
    expect(put.status()).toBe(200);
    expect(JSON.parse(put.request().postData() ?? '{}')).toEqual({
      suspend: { reason: '多次上传他人作品', until: Date.UTC(2030, 0, 15) },
    });
    await expect.poll(() => noticesSeen(page)).toContain(MANAGE_MESSAGES.levelSaved);
    // The detail and the list both show the suspension; the audit names the admin.
    await page.getByTestId('suspension-section').getByText('已停用至 2030-01-15').waitFor();
    await expect.poll(() => row.textContent()).toContain('停用至 2030-01-15');
    expect(await row.textContent()).toContain('多次上传他人作品');
    await expect.poll(() => auditTexts(page)).toHaveLength(1);
    const [entry] = await auditTexts(page);
    expect(entry).toContain('停用账号');
    expect(entry).toContain('原因：多次上传他人作品；停用至 2030-01-15');
    expect(entry).toContain(ADMIN.username);
    expect(entry).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await screenshotStill(page, 'manage-users-suspended');

    // The member's next call is refused: the tab goes to /AccountStop with the reason and end date.
    await memberPage.getByTestId('user-entry').first().click();
    await memberPage.waitForURL(`${server.url}/AccountStop`);
    const stop = memberPage.getByTestId('account-stop');
    await stop.getByText('多次上传他人作品', { exact: false }).waitFor();
    expect(await stop.textContent()).toContain('2030-01-15 08:00（北京时间）');
    // How to reach the team, the address a mailto link.
    const contact = stop.getByTestId('site-contact');
    await expect.poll(() => contact.textContent()).toBe('如有疑问，请联系管理团队：邮箱 team@contrail.example，QQ 群 123456');
    expect(await contact.getByRole('link').getAttribute('href')).toBe('mailto:team@contrail.example');
    await screenshotStill(memberPage, 'account-stop-wide');
    await memberPage.setViewportSize({ width: 390, height: 844 });
    expect(await noOverflow(memberPage)).toBe(0);
    await screenshotStill(memberPage, 'account-stop-narrow');
    await memberPage.setViewportSize({ width: 1366, height: 800 });
    // The about page says it too.
    const visitor = await tab(null);
    await visitor.goto(`${server.url}/about`);
    await expect.poll(() => visitor.getByTestId('site-contact').textContent()).toContain('team@contrail.example');
    expect(await memberPage.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    // Their sessions were revoked, and logging in again is refused.
    const me = await api('/user/me', { headers: { Authorization: `Bearer ${member.token}` } });
    expect(me.status).toBe(403);
    const again = await login(MEMBER.email);
    expect(again.status).toBe(403);
    expect(((await again.json()) as { code: string }).code).toBe('ACCOUNT_SUSPENDED');

    // Lifting it: the member logs in again from the same tab.
    const lifted = page.waitForResponse(putOf(member.id));
    await page.getByTestId('suspension-section').getByRole('button', { name: '解除停用' }).click();
    expect((await lifted).status()).toBe(200);
    await expect.poll(() => row.textContent()).toContain('正常');
    await expect.poll(() => auditTexts(page)).toHaveLength(2);
    expect((await auditTexts(page))[0]).toContain('解除停用');
    expect((await auditTexts(page))[0]).toContain(ADMIN.username);

    await memberPage.getByTestId('user-entry').first().click();
    await memberPage.getByTestId('login-email').fill(MEMBER.email);
    await memberPage.getByTestId('login-password').fill(PASSWORD);
    await memberPage.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => memberPage.getByTestId('user-entry').first().textContent()).toBe(MEMBER.username);
  });

  it('changes the member’s level and slots and signs them out everywhere after a confirm', async () => {
    const page = await tab(admin);
    await page.goto(`${server.url}/manage/user?q=spotter&id=${member.id}`);
    await detail(page).getByRole('heading', { name: MEMBER.username }).waitFor();
    const row = page.getByTestId(`user-row-${member.id}`);

    const levels = page.getByTestId('level-section');
    await pickLevel(page, '审图员');
    const levelSaved = page.waitForResponse(putOf(member.id));
    await levels.getByRole('button', { name: '保存等级' }).click();
    expect(JSON.parse((await levelSaved).request().postData() ?? '{}')).toEqual({ level: 1 });
    await expect.poll(() => row.textContent()).toContain('审图员');

    const slots = page.getByTestId('slots-section');
    await slots.getByLabel('普通队列名额').fill('25');
    await slots.getByLabel('优先队列名额').fill('3');
    const slotsSaved = page.waitForResponse(putOf(member.id));
    await slots.getByRole('button', { name: '保存名额' }).click();
    expect(JSON.parse((await slotsSaved).request().postData() ?? '{}')).toEqual({ queueSlots: 25, prioritySlots: 3 });
    await expect.poll(() => row.textContent()).toContain('25 / 3');
    // The drawer shows the saves too (its audit heads with them) before the next step is taken: a
    // detail arriving under the confirm below moved it between the press and the release of 确定退出.
    await expect.poll(async () => (await auditTexts(page))[0]).toContain('修改上传名额');
    const saved = await asAdmin(member.id);
    expect(saved.user).toMatchObject({ level: 1, queueSlots: 25, prioritySlots: 3 });

    // Signing out everywhere asks first; a session the member holds stops working.
    const token = ((await (await login(MEMBER.email)).json()) as { token: string }).token;
    await page.getByTestId('sessions-section').getByRole('button', { name: '退出所有登录' }).click();
    const confirm = page.locator('.ant-popover:visible');
    await confirm.getByText(`确定让 ${MEMBER.username} 在所有设备上退出登录吗？`).waitFor();
    const revoked = page.waitForResponse((r) => r.url().endsWith(`/admin/users/${member.id}/sessions/revoke`));
    await confirm.getByRole('button', { name: '确定退出' }).click();
    expect((await revoked).status()).toBe(200);
    await expect.poll(() => noticesSeen(page)).toContain(MANAGE_MESSAGES.sessionsRevoked);
    expect((await api('/user/me', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);

    await expect.poll(() => auditTexts(page)).toHaveLength(5);
    const audit = await auditTexts(page);
    expect(audit[0]).toContain('退出所有登录');
    expect(audit[1]).toContain('修改上传名额');
    expect(audit[1]).toContain('普通队列 25，优先队列 3');
    expect(audit[2]).toContain('修改等级');
    expect(audit[2]).toContain('改为审图员');
    for (const line of audit) expect(line).toContain(ADMIN.username);
    await screenshotStill(page, 'manage-users-wide');
  });

  it('refuses the administrator’s own demotion and suspension with the server’s message', async () => {
    const page = await tab(admin);
    await page.goto(`${server.url}/manage/user`);
    await search(page, ADMIN.username);
    const own = page.getByTestId(`user-row-${admin.id}`);
    expect(await own.textContent()).toContain('我');
    await own.click();
    await detail(page).getByRole('heading', { name: ADMIN.username }).waitFor();

    const levels = page.getByTestId('level-section');
    await pickLevel(page, '资深审图员');
    const demoted = page.waitForResponse(putOf(admin.id));
    await levels.getByRole('button', { name: '保存等级' }).click();
    expect((await demoted).status()).toBe(403);
    await levels.getByTestId('action-error').getByText(MANAGE_MESSAGES.selfLevel).waitFor();
    await expect.poll(() => noticesSeen(page)).toContain(MANAGE_MESSAGES.selfLevel);

    const suspension = page.getByTestId('suspension-section');
    await suspension.getByLabel('停用原因').fill('测试');
    await suspension.getByText('无限期').click();
    const suspended = page.waitForResponse(putOf(admin.id));
    await suspension.getByRole('button', { name: '停用账号' }).click();
    expect((await suspended).status()).toBe(403);
    await suspension.getByTestId('action-error').getByText(MANAGE_MESSAGES.selfSuspend).waitFor();
    await screenshotStill(page, 'manage-users-self');

    expect((await asAdmin(admin.id)).user).toMatchObject({ level: 3, status: 'active' });
    expect(await detail(page).getByText('暂无记录').isVisible()).toBe(true);
    expect(await own.textContent()).toContain('管理员');

    // An id in the address that matches nobody says so (asked once, not retried).
    const asked: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/v1/admin/users/999999') && asked.push(r.url()));
    await page.goto(`${server.url}/manage/user?id=999999`);
    await page.getByText('找不到这位用户').waitFor();
    expect(asked).toHaveLength(1);
  });

  it('fits 390 px: cards for the list and a full-width detail', async () => {
    const page = await tab(admin, 390);
    await page.goto(`${server.url}/manage/user`);
    await page.getByTestId('user-cards').waitFor();
    expect(await page.getByTestId('user-table').count()).toBe(0);
    expect(await page.locator('.user-card').count()).toBe(4);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await screenshotStill(page, 'manage-users-narrow-list');

    await page.getByTestId(`user-row-${member.id}`).click();
    await detail(page).getByRole('heading', { name: MEMBER.username }).waitFor();
    await screenshotStill(page, 'manage-users-narrow-detail');
    const box = await page.locator('.ant-drawer-content-wrapper').boundingBox();
    expect(box?.width).toBeCloseTo(390, 0);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await detail(page).getByText('操作记录').scrollIntoViewIfNeeded();
    await screenshotStill(page, 'manage-users-narrow-audit');
  });
});
