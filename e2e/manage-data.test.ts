import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE_MESSAGES } from '../contract/manage.js';
import { PHOTO_MESSAGES, type PhotoResponse } from '../contract/photos.js';
import type { RefList } from '../contract/reference.js';
import type { NotificationsResponse } from '../contract/screening.js';
import { makeJpeg } from '../server/src/testing/images.js';
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

describe.skipIf(!browserAvailable())('/manage/data in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const sessions: Record<'member' | 'screener', Session> = {} as never;
  // The member's suggestions: a duplicate of Pudong (named by their photo), a new airline, a new type.
  let duplicate: number;
  let photoId: number;
  let pvg: number;

  beforeAll(async () => {
    server = await startServer();
    const services = await servicesFor(server);
    try {
      for (const [role, email, username, level] of [
        ['member', 'spotter@example.com', '拍机少年', 0],
        ['screener', 'screener@example.com', '审图员甲', 1],
      ] as const) {
        await services.accounts.createUser({ email, username, password: 'password-123', level });
        sessions[role] = { ...(await services.sessions.login(email, 'password-123', '127.0.0.1')) } as Session;
      }
      const member = { id: sessions.member.id, username: '拍机少年', level: 0, sessionId: 0 };
      duplicate = (
        await services.reference.add('airports', member, {
          icao: 'ZSPX',
          nameZh: '上海浦东',
          nameEn: 'Shanghai Pudong',
          city: '上海',
        })
      ).item.id;
      await services.reference.add('airlines', member, { icao: 'ZQX', nameZh: '测试航空', nameEn: 'Test Air' });
      await services.reference.add('aircraft_types', member, {
        manufacturerEn: 'Boeing',
        typeName: '737',
        variant: '-8 MAX',
        icao: 'BX8M',
      });
      pvg = (await services.reference.search('airports', { q: 'PVG', limit: 1 }, null)).items[0]!.id;
      const b738 = (await services.reference.search('aircraft_types', { q: 'B738', limit: 1 }, null)).items[0]!;
      const file = path.join(server.dataDir, 'seed.jpg');
      fs.writeFileSync(file, await makeJpeg({ seed: 41, width: 2000, height: 1200 }));
      // The member's own pending suggestion is usable in their upload at once.
      photoId = (
        await services.uploads.upload(member, file, {
          registration: 'B-1234',
          aircraftTypeId: b738.id,
          airportId: duplicate,
          takenOn: '2024-03-03',
          categories: ['airliner'],
          queue: 'normal',
          watermark: null,
        })
      ).photo.id;
    } finally {
      await services.close();
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const as = (who: keyof typeof sessions, width = 1366) => openTab(browser, sessions[who], { width });
  const api = async <T>(path: string, who?: keyof typeof sessions): Promise<T> => {
    const headers: Record<string, string> = who ? { Authorization: `Bearer ${sessions[who].token}` } : {};
    return (await (await fetch(`${server.url}/api/v1${path}`, { headers })).json()) as T;
  };
  const sawNotice = (page: Page, text: string) => expect.poll(() => noticesSeen(page)).toContain(text);
  const dialog = (page: Page, title: string) => page.locator('.ant-modal', { hasText: title });
  const field = (page: Page, title: string, label: string) => dialog(page, title).getByLabel(label, { exact: true });

  it('a member is turned away; on a phone the entries are cards and the suggestions wait under their tab', async () => {
    const member = await as('member', 390);
    await member.page.goto(`${server.url}/manage/data`);
    await member.page.waitForURL(`${server.url}/`);
    await sawNotice(member.page, '没有权限');
    await member.context.close();

    const { context, page } = await as('screener', 390);
    await page.goto(`${server.url}/manage/data?q=${encodeURIComponent('北京')}`);
    await page.getByTestId('entry').first().waitFor();
    expect(await page.getByTestId('entry').first().textContent()).toContain('北京');
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByTestId('pending-count').textContent()).toBe('3');
    expect(await noOverflow(page)).toBe(0);
    await screenshotStill(page, 'manage-data-phone');

    await page.getByTestId('entry').first().getByRole('button', { name: '编辑' }).click();
    await dialog(page, '编辑机场').waitFor();
    expect(await noOverflow(page)).toBe(0);
    await screenshotStill(page, 'manage-data-phone-edit');
    await dialog(page, '编辑机场').getByRole('button', { name: '取消' }).click();

    await page.getByTestId('tab-pending').click();
    await page.waitForURL(/tab=pending/);
    await page.getByTestId('suggestion').first().waitFor();
    expect(await page.getByTestId('suggestion').count()).toBe(3);
    // Each says who suggested it, and when.
    expect(await page.getByTestId('suggested-by').first().textContent()).toMatch(/^拍机少年 建议于 \d{4}\/\d{1,2}\/\d{1,2}/);
    expect(await noOverflow(page)).toBe(0);
    await screenshotStill(page, 'manage-data-phone-pending');
    await context.close();
  });

  it('searches with the query in the URL, adds with checks before sending, edits against taken codes, deletes', async () => {
    const { context, page } = await as('screener');
    const writes: string[] = [];
    page.on('request', (r) => r.method() !== 'GET' && r.url().includes('/api/v1/airports') && writes.push(r.method()));
    await page.goto(`${server.url}/manage/data`);
    await expect.poll(() => page.title()).toBe('机场、航司与机型 · 航迹');
    await page.getByRole('table').waitFor();

    const search = page.getByLabel('搜索机场');
    await search.fill('PVG');
    await page.waitForURL(/q=PVG/);
    const firstRow = page.getByTestId('entry').first();
    await expect.poll(() => firstRow.textContent()).toContain('上海浦东');
    expect(await firstRow.textContent()).toContain('ZSPD');
    // The country in Chinese, as every name on the page (issue 34, item 18): the data stores "China".
    expect(await firstRow.textContent()).toContain('中国');
    expect(await firstRow.textContent()).not.toContain('China');
    await page.reload();
    await page.getByTestId('entry').first().waitFor();
    expect(await page.getByLabel('搜索机场').inputValue()).toBe('PVG');
    expect(await page.getByTestId('entry').first().textContent()).toContain('上海浦东');
    await screenshotStill(page, 'manage-data-airports');

    // Bad input is refused under its fields, before anything is sent.
    await page.getByRole('button', { name: '新增机场' }).click();
    const add = '新增机场';
    await dialog(page, add).waitFor();
    await field(page, add, 'ICAO 代码（4 位）').fill('ab');
    await dialog(page, add).getByRole('button', { name: '添加' }).click();
    await dialog(page, add).getByText('代码需为 4 位字母或数字').waitFor();
    await dialog(page, add).getByText('请输入英文名').waitFor();
    await screenshotStill(page, 'manage-data-add-errors');
    expect(writes).toEqual([]);

    await field(page, add, 'ICAO 代码（4 位）').fill('zzzq');
    await field(page, add, 'IATA 代码（3 位）').fill('ZZQ');
    await field(page, add, '中文名').fill('测试机场');
    await field(page, add, '英文名').fill('Test Field');
    await field(page, add, '城市').fill('测试市');
    const added = page.waitForResponse((r) => r.url().endsWith('/api/v1/airports') && r.request().method() === 'POST');
    await field(page, add, '城市').press('Enter');
    expect((await added).status()).toBe(200);
    await sawNotice(page, PHOTO_MESSAGES.added);
    await dialog(page, add).waitFor({ state: 'hidden' });
    // A screener's addition is available to everyone at once.
    expect((await api<RefList<'airports'>>('/airports?q=ZZZQ')).items.map((a) => a.status)).toEqual(['available']);

    // The list searches for the new entry, so the screener sees what they added.
    await page.waitForURL(/q=ZZZQ/);
    expect(await search.inputValue()).toBe('ZZZQ');
    const row = page.getByTestId('entry').filter({ hasText: '测试机场' });
    await row.waitFor();
    expect(await page.getByTestId('entry').count()).toBe(1);

    // Another airport's code is refused by the server and said under the field; the dialog stays open.
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = '编辑机场';
    await dialog(page, edit).waitFor();
    expect(await field(page, edit, '英文名').inputValue()).toBe('Test Field');
    await field(page, edit, 'IATA 代码（3 位）').fill('PEK');
    await field(page, edit, '城市').fill('新城');
    const refused = page.waitForResponse((r) => r.url().includes('/api/v1/airports/') && r.request().method() === 'PUT');
    await dialog(page, edit).getByRole('button', { name: '保存' }).click();
    expect((await refused).status()).toBe(409);
    // Said under IATA, the field that clashes, not under ICAO.
    const formItem = (label: string) => dialog(page, edit).locator('.ant-form-item').filter({ hasText: label });
    await formItem('IATA 代码（3 位）').locator('.ant-form-item-explain-error', { hasText: '已存在相同代码的机场' }).waitFor();
    expect(await formItem('ICAO 代码（4 位）').locator('.ant-form-item-explain-error').count()).toBe(0);
    await screenshotStill(page, 'manage-data-edit-conflict');
    // Changing the field takes the old answer away; it does not linger beside the next one.
    await field(page, edit, 'IATA 代码（3 位）').fill('');
    await expect.poll(() => formItem('IATA 代码（3 位）').locator('.ant-form-item-explain-error').count()).toBe(0);
    await dialog(page, edit).getByRole('button', { name: '保存' }).click();
    await sawNotice(page, MANAGE_MESSAGES.saved);
    await dialog(page, edit).waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).toContain('新城');
    const saved = (await api<RefList<'airports'>>('/airports?q=ZZZQ')).items[0]!;
    expect(saved).toMatchObject({ iata: null, city: '新城', nameEn: 'Test Field' });

    await row.getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await sawNotice(page, MANAGE_MESSAGES.deleted);
    await page.getByText('没有找到“ZZZQ”').waitFor();
    expect((await api<RefList<'airports'>>('/airports?q=ZZZQ')).items).toEqual([]);
    expect(writes).toEqual(['POST', 'PUT', 'PUT', 'DELETE']);

    // Each kind has its tab; the search does not follow to another kind.
    await page.getByTestId('tab-aircraft-types').click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'aircraft-types' && !url.searchParams.has('q'));
    await page.getByRole('columnheader', { name: '制造商（英文）' }).waitFor();
    await page.getByTestId('entry').first().waitFor();
    await screenshotStill(page, 'manage-data-types');

    // Everything is listed without a query, 40 at a time.
    await page.getByTestId('tab-airlines').click();
    await page.getByRole('columnheader', { name: '国家/地区' }).waitFor();
    await expect.poll(() => page.getByTestId('entry').count()).toBe(40);
    await page.getByRole('button', { name: '加载更多' }).click();
    await expect.poll(() => page.getByTestId('entry').count()).toBe(80);
    await context.close();
  });

  it('merges a duplicate suggestion into Pudong (its photo follows), approves and rejects the others', async () => {
    const { context, page } = await as('screener');
    await page.goto(`${server.url}/manage/data?tab=pending`);
    const cards = page.getByTestId('suggestion');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    await screenshotStill(page, 'manage-data-pending');

    // The duplicate airport: merged into the airport it repeats; the member's photo moves with it.
    await cards.filter({ hasText: '上海浦东 ZSPX' }).getByRole('button', { name: '合并到已有' }).click();
    const merge = dialog(page, '合并重复的机场');
    await merge.waitFor();
    await merge.getByRole('button', { name: '合并' }).click();
    await merge.getByText('请选择要保留的机场').waitFor();
    await merge.getByTestId('select-airports').click();
    await page.keyboard.type('PVG');
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '上海浦东 ZSPD/PVG' }).first();
    await option.waitFor();
    // The duplicate itself is never offered as its own target.
    expect(await page.locator('.ant-select-dropdown:visible').textContent()).not.toContain('ZSPX');
    await option.click();
    await merge.getByText('都将改用「上海浦东').waitFor();
    await screenshotStill(page, 'manage-data-merge');
    await merge.getByRole('button', { name: '合并' }).click();
    await sawNotice(page, MANAGE_MESSAGES.merged);
    await sawNotice(page, '1 张照片已改用「上海浦东 ZSPD/PVG」');
    await expect.poll(() => cards.count()).toBe(2);
    const photo = await api<PhotoResponse>(`/photos/${photoId}`, 'screener');
    expect(photo.airport?.id).toBe(pvg);
    expect((await api<RefList<'airports'>>('/airports?q=ZSPX')).items).toEqual([]);

    // The airline: approved, now there for everyone, and the member is told.
    await cards.filter({ hasText: '测试航空' }).getByRole('button', { name: '通过' }).click();
    await sawNotice(page, MANAGE_MESSAGES.approved);
    await expect.poll(() => cards.count()).toBe(1);
    expect((await api<RefList<'airlines'>>('/airlines?q=ZQX')).items.map((a) => a.nameZh)).toEqual(['测试航空']);

    // The type: rejected with a reason the member reads in their inbox.
    await cards.filter({ hasText: 'BX8M' }).getByRole('button', { name: '拒绝' }).click();
    const reject = dialog(page, '拒绝机型建议');
    await reject.waitFor();
    await reject.getByLabel('原因（可选，会告诉建议人）').fill('已有 Boeing 737 MAX 8 (B38M)，请选用它');
    await reject.getByRole('button', { name: '拒绝' }).click();
    await sawNotice(page, MANAGE_MESSAGES.rejected);
    await page.getByText('没有待审核的建议').waitFor();
    expect(await page.getByTestId('pending-count').count()).toBe(0);
    const inbox = await api<NotificationsResponse>('/notifications', 'member');
    expect(inbox.items.map((n) => n.title).sort()).toEqual([
      '你建议的机场已合并到现有条目',
      '你建议的机型未通过',
      '你建议的航空公司已通过',
    ]);
    // The merged suggestion says which entry the member's photo names now.
    expect(inbox.items.find((n) => n.title === '你建议的机场已合并到现有条目')?.body).toContain('上海浦东');
    expect(inbox.items.find((n) => n.kind === 'suggestion-rejected')?.body).toContain(
      '原因：已有 Boeing 737 MAX 8 (B38M)，请选用它',
    );

    // Pudong now names a photo: deleting it is refused, with the way out.
    await page.getByTestId('tab-airports').click();
    await page.getByLabel('搜索机场').fill('PVG');
    const pudong = page.getByTestId('entry').filter({ hasText: '上海浦东' });
    await pudong.waitFor();
    await pudong.getByRole('button', { name: '删除' }).click();
    const refused = page.waitForResponse((r) => r.url().endsWith(`/api/v1/airports/${pvg}`) && r.request().method() === 'DELETE');
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    expect((await refused).status()).toBe(409);
    await sawNotice(page, MANAGE_MESSAGES.inUse);
    expect(await pudong.count()).toBe(1);
    await context.close();
  });
});
