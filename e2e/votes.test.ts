import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE_MESSAGES } from '../contract/manage.js';
import {
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

describe.skipIf(!browserAvailable())('editor’s choice votes and the dashboard in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let seed: GallerySeed;
  let services: Awaited<ReturnType<typeof servicesFor>>;
  const as: Record<'screener' | 'second' | 'senior' | 'photographer', Session> = {} as never;

  beforeAll(async () => {
    server = await startServer();
    seed = await seedGallery(server, 3);
    services = await servicesFor(server);
    for (const [email, username, level] of [
      ['second@example.com', '审图员乙', 1],
      ['senior@example.com', '资深丙', 2],
    ] as const) {
      await services.accounts.createUser({ email, username, password: 'password-123', level });
    }
    const login = async (email: string) =>
      ({ ...(await services.sessions.login(email, 'password-123', '127.0.0.1')) }) as Session;
    as.screener = await login('screener@example.com');
    as.second = await login('second@example.com');
    as.senior = await login('senior@example.com');
    as.photographer = await login(seed.photographer.email);
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await services?.close();
    await server?.stop();
  });

  const open = (who: Session | null, width = 1366) => openTab(browser, who, { width });
  const card = (page: Page, voteId: number) => page.locator(`[data-testid=vote-card][data-vote-id="${voteId}"]`);
  const ballotAnswer = (page: Page) => page.waitForResponse((r) => /\/votes\/\d+\/ballot$/.test(r.url()) && r.status() === 200);

  it('a screener opens a vote from the photo page, two screeners vote, the job closes it and the photo is featured', async () => {
    const photo = seed.photos[0]!;
    const first = await open(as.screener);
    await first.page.goto(`${server.url}/photo/${photo.id}`);
    await first.page.getByTestId('vote-button').click();
    const form = first.page.getByTestId('open-vote-form');
    await form.waitFor();
    // The dialog's own 发起投票 (the page's button bears the same words).
    const submit = first.page.getByRole('dialog').getByRole('button', { name: '发起投票', exact: true });
    // No reason: the form says so and sends nothing.
    await submit.click();
    await form.getByText('请填写理由').waitFor();
    await form.locator('textarea').fill('逆光下的漂亮侧面，构图干净');
    const opened = first.page.waitForResponse((r) => r.url().endsWith('/api/v1/votes') && r.request().method() === 'POST');
    await submit.click();
    const voteId = ((await (await opened).json()) as { vote: { id: number } }).vote.id;
    await expect.poll(() => noticesSeen(first.page)).toContain(MANAGE_MESSAGES.voteOpened);
    // The button now says a vote runs and links to the votes page.
    await first.page.getByTestId('vote-open').waitFor();
    expect(await first.page.getByTestId('vote-button').count()).toBe(0);

    // On /manage/vote: the open vote with the photo, reason and opener, whose 赞成 opening it counted
    // (issue 34, item 20); the ballot changed, changed back.
    await first.page.getByTestId('vote-open').click();
    await first.page.waitForURL(/\/manage\/vote$/);
    const mine = card(first.page, voteId);
    await mine.getByText('逆光下的漂亮侧面').waitFor();
    expect(await mine.textContent()).toContain('审图员甲 发起于');
    expect(await mine.getByTestId('my-ballot').textContent()).toContain('已有 1 票 · 我的投票：赞成');
    for (const [button, text] of [
      ['反对 −1', '反对'],
      ['赞成 +1', '赞成'],
    ] as const) {
      const answered = ballotAnswer(first.page);
      await mine.getByRole('button', { name: button }).click();
      await answered;
      await expect.poll(() => mine.getByTestId('my-ballot').textContent()).toContain(`我的投票：${text}`);
    }
    expect(await mine.getByTestId('my-ballot').textContent()).toContain('已有 1 票');
    // A level 1 screener cannot cancel.
    expect(await mine.getByTestId('cancel-vote').count()).toBe(0);
    await screenshot(first.page, 'votes-open-1366');

    // The second screener, at 390 px, adds a ballot.
    const second = await open(as.second, 390);
    await second.page.goto(`${server.url}/manage/vote`);
    const theirs = card(second.page, voteId);
    await theirs.getByTestId('my-ballot').waitFor();
    const answered = ballotAnswer(second.page);
    await theirs.getByRole('button', { name: '赞成 +1' }).click();
    await answered;
    await expect.poll(() => theirs.getByTestId('my-ballot').textContent()).toContain('已有 2 票 · 我的投票：赞成');
    expect(await noOverflow(second.page)).toBe(0);
    await screenshot(second.page, 'votes-open-390');

    // 72 hours pass: the deadline is moved into the past and the close-votes job is due now; the
    // running server's job runner closes the vote.
    await services.db
      .updateTable('votes')
      .set({ closes_at: Date.now() - 1000 })
      .where('id', '=', voteId)
      .execute();
    await services.db.updateTable('jobs').set({ run_after: 0 }).where('key', '=', 'close-votes').execute();
    await expect
      .poll(
        async () => (await services.db.selectFrom('votes').select('state').where('id', '=', voteId).executeTakeFirst())?.state,
        {
          timeout: 20_000,
        },
      )
      .toBe('closed');
    await first.page.getByRole('tab', { name: '已结束' }).click();
    await first.page.waitForURL(/tab=closed/);
    const result = card(first.page, voteId).getByTestId('vote-result');
    await expect.poll(() => result.textContent()).toContain('入选编辑精选');
    expect(await result.textContent()).toContain('净票数 2');
    await screenshot(first.page, 'votes-closed-1366');

    // The photo is featured for everyone, and the photographer was told.
    const visitor = await open(null);
    await visitor.page.goto(`${server.url}/photo/${photo.id}`);
    await visitor.page.locator('.badge-featured').waitFor();
    await visitor.page.goto(`${server.url}/search?featured=1`);
    await visitor.page.locator(`[data-testid=photo-card][data-photo-id="${photo.id}"]`).waitFor();
    const inbox = await fetch(`${server.url}/api/v1/notifications`, {
      headers: { authorization: `Bearer ${as.photographer.token}` },
    });
    expect(JSON.stringify(await inbox.json())).toContain('你的照片入选编辑精选');
    for (const c of [first, second, visitor]) await c.context.close();
  }, 120_000);

  it('a senior screener cancels a vote; the dashboard counts open votes and links to the pages', async () => {
    const photo = seed.photos[1]!;
    const vote = await services.votes.open(
      { id: as.screener.id, username: '审图员甲', level: 1, sessionId: 0 },
      { photoId: photo.id, reason: '夕阳' },
    );
    const { context, page } = await open(as.senior);
    await page.goto(`${server.url}/manage`);
    await expect.poll(() => page.getByTestId('tile-votes').textContent()).toContain('1');
    expect(await page.getByTestId('tile-normal').textContent()).toContain('普通队列待审');
    expect(await page.getByTestId('tile-suggestions').getAttribute('href')).toBe('/manage/data?tab=pending');
    // Level 2 sees no admin pages in the list.
    expect(await page.getByRole('link', { name: '用户管理' }).count()).toBe(0);
    await screenshot(page, 'manage-1366');
    await page.getByTestId('tile-votes').click();
    await page.waitForURL(/\/manage\/vote$/);
    const mine = card(page, vote.vote.id);
    await mine.getByTestId('cancel-vote').click();
    const cancelled = page.waitForResponse(
      (r) => r.url().endsWith(`/votes/${vote.vote.id}`) && r.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: '取消投票', exact: true }).last().click();
    expect((await cancelled).status()).toBe(200);
    await expect.poll(() => noticesSeen(page)).toContain(MANAGE_MESSAGES.voteCancelled);
    await expect.poll(() => mine.count()).toBe(0);
    await page.getByRole('tab', { name: '已结束' }).click();
    await expect.poll(() => card(page, vote.vote.id).getByTestId('vote-result').textContent()).toContain('已取消');
    // The photo can get a new vote after a cancelled one.
    await page.goto(`${server.url}/photo/${photo.id}`);
    await page.getByTestId('vote-button').waitFor();
    await context.close();

    const narrow = await open(as.screener, 390);
    await narrow.page.goto(`${server.url}/manage`);
    await expect.poll(() => narrow.page.getByTestId('tile-votes').textContent()).toContain('0');
    expect(await noOverflow(narrow.page)).toBe(0);
    await screenshot(narrow.page, 'manage-390');
    await narrow.context.close();
  }, 120_000);
});
