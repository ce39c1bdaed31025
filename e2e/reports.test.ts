import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TEXTS } from '../contract/reports.js';
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
import { seedGallery, type GallerySeed } from './seed-gallery.js';

type Session = Record<string, unknown> & { id: number; token: string };

describe.skipIf(!browserAvailable())('举报 in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let seed: GallerySeed;
  const as: Record<'reporter' | 'screener' | 'photographer', Session> = {} as never;

  beforeAll(async () => {
    server = await startServer();
    seed = await seedGallery(server, 2);
    const services = await servicesFor(server);
    try {
      await services.accounts.createUser({
        email: 'reporter@example.com',
        username: '热心飞友',
        password: 'password-123',
        level: 0,
      });
      const login = async (email: string) =>
        ({ ...(await services.sessions.login(email, 'password-123', '127.0.0.1')) }) as Session;
      as.reporter = await login('reporter@example.com');
      as.screener = await login('screener@example.com');
      as.photographer = await login(seed.photographer.email);
      // Seeded photos have no upload address: give one the region an upload from Guangdong would have.
      await services.db.updateTable('photos').set({ ip_region: '广东' }).where('id', '=', seed.photos[1]!.id).execute();
    } finally {
      await services.close();
    }
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a visitor is asked to log in; a member reports a photo, a screener withholds it, the owner appeals, the reporter reads the outcome', async () => {
    const photo = seed.photos[0]!;
    // A visitor's 举报 opens the login dialog.
    const visitor = await openTab(browser, null, { width: 1366 });
    await visitor.page.goto(`${server.url}/photo/${photo.id}`);
    await appReady(visitor.page);
    await visitor.page.getByTestId('report-photo').click();
    await visitor.page.getByRole('dialog').getByText('登录').first().waitFor();
    await visitor.context.close();

    // The member reports it: a reason is asked for first.
    const reporter = await openTab(browser, as.reporter, { width: 390 });
    let page = reporter.page;
    await page.goto(`${server.url}/photo/${photo.id}`);
    await appReady(page);
    await page.getByTestId('report-photo').click();
    const form = page.getByTestId('report-form');
    await form.waitFor();
    const submit = page.getByRole('dialog').getByRole('button', { name: '提交举报' });
    await submit.click();
    await form.getByText('请选择举报原因').waitFor();
    await form.getByLabel('涉军涉密').check();
    await form.locator('textarea').fill('背景里是军用机库，机号清晰可见');
    await screenshotStill(page, 'report-dialog-390');
    expect(await noOverflow(page)).toBe(0);
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/reports') && r.request().method() === 'POST');
    await submit.click();
    expect((await sent).status()).toBe(200);
    await expect.poll(() => noticesSeen(page)).toContain(REPORT_TEXTS.sent);
    await reporter.context.close();

    // The screener: the dashboard counts it, the queue shows it, 下架照片 asks for a reason.
    const screener = await openTab(browser, as.screener, { width: 1366 });
    page = screener.page;
    await page.goto(`${server.url}/manage`);
    await page.getByTestId('tile-reports').getByText('1').waitFor();
    await page.getByTestId('tile-reports').click();
    await page.waitForURL(`${server.url}/manage/reports`);
    const card = page.locator(`[data-testid=report-card][data-target="photo-${photo.id}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain('背景里是军用机库');
    expect(await card.textContent()).toContain('热心飞友');
    await screenshotStill(page, 'reports-queue-1366');
    await card.getByTestId('report-withhold').click();
    const resolveForm = page.getByTestId('resolve-form');
    await resolveForm.waitFor();
    await resolveForm.getByLabel('涉及军事敏感').check();
    await resolveForm.locator('textarea').fill('请勿公开军用设施');
    await screenshotStill(page, 'reports-withhold-1366');
    const resolved = page.waitForResponse((r) => /\/manage\/reports\/\d+\/resolve$/.test(r.url()));
    await page.getByRole('dialog').getByRole('button', { name: '下架照片' }).click();
    expect((await resolved).status()).toBe(200);
    await page.getByText('没有待处理的举报').waitFor();
    await screener.context.close();

    // The owner sees why, and appeals.
    const owner = await openTab(browser, as.photographer, { width: 390 });
    page = owner.page;
    await page.goto(`${server.url}/queue/reject`);
    const item = page.getByTestId('reject-item');
    await item.waitFor();
    expect(await item.textContent()).toContain('涉及军事敏感');
    expect(await item.textContent()).toContain('请勿公开军用设施');
    await item.getByRole('button', { name: '申诉', exact: true }).click();
    await item.getByLabel('申诉理由').fill('照片摄于民航机场公开观景台，背景是民航机库');
    await item.getByRole('button', { name: '提交申诉' }).click();
    await item.getByTestId('appeal-state').getByText('申诉处理中').waitFor();
    await screenshotStill(page, 'reports-owner-appealed-390');
    await owner.context.close();

    // The reporter reads the outcome in their inbox.
    const back = await openTab(browser, as.reporter, { width: 390 });
    page = back.page;
    await page.goto(`${server.url}/user/${as.reporter.id}`);
    const note = page.getByTestId('inbox').getByTestId('notification').first();
    await note.waitFor();
    expect(await note.textContent()).toContain('的举报已处理');
    expect(await note.textContent()).toContain('该照片已下架');
    await screenshotStill(page, 'reports-outcome-390');
    expect(await noOverflow(page)).toBe(0);
    await back.context.close();

    // A member page has its 举报 beside 关注; the photo page beside 联系摄影师.
    const wide = await openTab(browser, as.reporter, { width: 1366 });
    await wide.page.goto(`${server.url}/user/${seed.photographer.id}`);
    await wide.page.getByTestId('report-member').waitFor();
    await screenshotStill(wide.page, 'report-member-1366');
    await wide.page.goto(`${server.url}/photo/${seed.photos[1]!.id}`);
    await wide.page.getByTestId('report-photo').waitFor();
    expect(await wide.page.getByTestId('photo-ip-region').textContent()).toBe('IP属地：广东');
    await wide.page.getByTestId('photo-facts').scrollIntoViewIfNeeded();
    await screenshotStill(wide.page, 'report-photo-1366');
    await wide.context.close();
  });
});
