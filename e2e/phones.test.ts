import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_TEXTS } from '../contract/phones.js';
import {
  appReady,
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

describe.skipIf(!browserAvailable())('实名验证 in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const as: Record<'admin' | 'member', Session> = {} as never;

  beforeAll(async () => {
    // The `log` SMS provider writes at info: the test reads the code where an operator would.
    server = await startServer(() => ({ LOG_LEVEL: 'info' }), undefined, { captureOutput: true });
    const services = await servicesFor(server);
    try {
      for (const [email, username, level] of [
        ['admin@example.com', '站长', 3],
        ['newbie@example.com', '新飞友', 0],
      ] as const) {
        await services.accounts.createUser({ email, username, password: 'password-123', level });
      }
      const login = async (email: string) =>
        ({ ...(await services.sessions.login(email, 'password-123', '127.0.0.1')) }) as Session;
      as.admin = await login('admin@example.com');
      as.member = await login('newbie@example.com');
      // Logins here come from 127.0.0.1, which has no region: give the member one as a login from Guangdong would.
      await services.db.updateTable('users').set({ ip_region: '广东' }).where('id', '=', as.member.id).execute();
    } finally {
      await services.close();
    }
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The code the `log` provider wrote for this number (masked there as 139****5678). */
  const codeFromLog = async (masked: string): Promise<string> => {
    let code = '';
    await expect
      .poll(() => {
        const line = server.output.filter((l) => l.includes('SMS_PROVIDER=log') && l.includes(masked)).at(-1);
        code = /验证码 (\d{6})/.exec(line ?? '')?.[1] ?? '';
        return code;
      })
      .toMatch(/^\d{6}$/);
    return code;
  };

  it('an administrator turns it on; a new member is led from the upload page to verify a phone, then uploads', async () => {
    const admin = await openTab(browser, as.admin, { width: 1366 });
    await admin.page.goto(`${server.url}/manage/notam`);
    const saved = admin.page.waitForResponse((r) => r.url().endsWith('/admin/site/verification') && r.status() === 200);
    await admin.page.getByTestId('verification-switch').click();
    await saved;
    await admin.page.getByTestId('verification-switch').and(admin.page.locator('[aria-checked=true]')).waitFor();
    await screenshotStill(admin.page, 'verification-switch-1366');
    await admin.context.close();

    const member = await openTab(browser, as.member, { width: 390 });
    const page = member.page;
    // A report is publishing too: refused with the reason, and the member is led to their phone.
    await page.goto(`${server.url}/user/${as.admin.id}`);
    await appReady(page);
    await page.getByTestId('report-member').click();
    await page.getByTestId('report-form').getByLabel('骚扰').check();
    await page.getByRole('dialog').getByRole('button', { name: '提交举报' }).click();
    await page.waitForURL(`${server.url}/user/${as.member.id}?settings=phone`);
    // Another member's page to one's own loads the page anew: the phone section itself says why.
    await page.getByTestId('phone-section').getByText(PHONE_TEXTS.required).waitFor();
    await page.getByTestId('phone-form').waitFor();

    await page.goto(`${server.url}/upload`);
    const gate = page.getByTestId('phone-gate');
    await gate.waitFor();
    expect(await page.getByTestId('upload-form').count()).toBe(0);
    await screenshotStill(page, 'phone-gate-390');
    await gate.getByRole('link', { name: '去验证手机号' }).click();
    await page.waitForURL(`${server.url}/user/${as.member.id}?settings=phone`);

    const form = page.getByTestId('phone-form');
    await form.waitFor();
    await form.getByLabel('手机号').fill('139 1234 5678');
    const sent = page.waitForResponse((r) => r.url().endsWith('/user/me/phone/code'));
    await page.getByTestId('phone-send').click();
    expect((await sent).status()).toBe(200);
    await expect.poll(() => noticesSeen(page)).toContain(PHONE_TEXTS.sent);
    // The button counts down before another code may be asked for.
    await page
      .getByTestId('phone-send')
      .getByText(/秒后重新获取/)
      .waitFor();
    const code = await codeFromLog('139****5678');
    // A wrong code first: the form says so under the field.
    await form.getByPlaceholder('6 位数字').fill(code === '000000' ? '000001' : '000000');
    await page.getByTestId('phone-verify').click();
    await form.getByText(PHONE_TEXTS.wrongCode(4)).waitFor();
    await form.getByPlaceholder('6 位数字').fill(code);
    await screenshotStill(page, 'phone-form-390');
    expect(await noOverflow(page)).toBe(0);
    await page.getByTestId('phone-verify').click();
    await page.getByTestId('phone-verified').getByText('已验证').waitFor();
    expect(await page.getByTestId('phone-verified').textContent()).toContain('+8613912345678');
    // The member's page says where they last logged in from, never more.
    expect(await page.getByTestId('user-ip-region').textContent()).toContain('IP属地：广东');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotStill(page, 'user-ip-region-390');

    // The upload page now offers its form.
    await page.goto(`${server.url}/upload`);
    await page.getByTestId('upload-form').waitFor();
    expect(await page.getByTestId('phone-gate').count()).toBe(0);
    await member.context.close();

    // The administrator sees the number masked, and whole on request.
    const again = await openTab(browser, as.admin, { width: 1366 });
    await again.page.goto(`${server.url}/manage/user?q=${as.member.id}`);
    await again.page.getByText('新飞友').first().click();
    const cell = again.page.getByTestId('admin-phone');
    await cell.waitFor();
    expect(await cell.textContent()).toContain('139****5678');
    await cell.getByRole('button', { name: '显示完整号码' }).click();
    await cell.getByText('+8613912345678').waitFor();
    await screenshotStill(again.page, 'admin-phone-1366');
    await again.context.close();
  });
});
