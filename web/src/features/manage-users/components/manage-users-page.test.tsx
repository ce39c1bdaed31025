import { LEVEL_NAMES, LEVELS } from '@contract/limits';
import { MANAGE_MESSAGES, type UpdateUserRequest } from '@contract/manage';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type Answer } from '../../../testing/fetch-stub.js';
import { member, memberDetail, NOW } from '../../../testing/fixtures.js';
import { renderPage, signIn } from '../../../testing/render.js';
import { levelName } from '../lib/texts.js';
import { Component as ManageUsersPage } from './manage-users-page.js';

const ADMIN = { id: 1, username: '管理员', permission: LEVELS.admin };
const MEMBER = member();
const SELF = member({ id: ADMIN.id, username: ADMIN.username, email: 'admin@example.com', level: LEVELS.admin });
const SUSPENDED = member({
  id: 6,
  username: '飞友丁',
  email: 'ding@example.com',
  status: 'suspended',
  suspendedUntil: Date.UTC(2031, 0, 1),
  suspensionReason: '多次上传他人作品',
});

function open(url = '/manage/user', more: Parameters<typeof stubApi>[0] = {}) {
  signIn(ADMIN);
  const users = [MEMBER, SUSPENDED, SELF];
  const api = stubApi({
    'GET /admin/users': (r) => {
      const q = r.url.searchParams.get('q') ?? '';
      return { body: { items: users.filter((u) => !q || u.username.includes(q) || u.email.includes(q)) } };
    },
    [`GET /admin/users/${MEMBER.id}`]: {
      body: memberDetail(MEMBER, [
        {
          id: 1,
          actor: { id: ADMIN.id, username: ADMIN.username },
          action: 'user.slots',
          detail: { queueSlots: 10 },
          createdAt: NOW,
        },
      ]),
    },
    [`PUT /admin/users/${MEMBER.id}`]: (r) => ({
      body: { message: MANAGE_MESSAGES.levelSaved, user: { ...MEMBER, ...(r.body as UpdateUserRequest) } },
    }),
    ...more,
  });
  const user = userEvent.setup();
  const view = renderPage(ManageUsersPage, { path: '/manage/user', url });
  return { api, user, location: () => view.router.state.location };
}

const updates = (api: ReturnType<typeof stubApi>) => api.sent.filter((r) => r.method === 'PUT').map((r) => r.body);

describe('users admin page', () => {
  it('lists the newest members with their level, state and slots, the administrator marked 我', async () => {
    open();
    expect(screen.getByText('加载中…')).toBeDefined();
    const table = await screen.findByTestId('user-table');
    expect(screen.getByText('最新注册的 3 位用户')).toBeDefined();
    const row = within(screen.getByTestId(`user-row-${MEMBER.id}`));
    expect(row.getByText('飞友丙')).toBeDefined();
    expect(row.getByText('注册用户')).toBeDefined();
    expect(row.getByText('正常')).toBeDefined();
    expect(row.getByText('75%')).toBeDefined();
    expect(row.getByText('10 / 0')).toBeDefined();
    expect(within(screen.getByTestId(`user-row-${SUSPENDED.id}`)).getByText('停用至 2031-01-01')).toBeDefined();
    expect(within(screen.getByTestId(`user-row-${SELF.id}`)).getByText('我')).toBeDefined();
    expect(within(table).getAllByRole('row').length).toBe(4); // the heading and three members
  });

  it('shows a card per member on a phone-wide window', async () => {
    window.innerWidth = 390;
    open();
    const cards = await screen.findByTestId('user-cards');
    expect(within(cards).getAllByRole('button').length).toBe(3);
    expect(screen.queryByTestId('user-table')).toBeNull();
    expect(within(screen.getByTestId(`user-row-${MEMBER.id}`)).getByText(/通过 3 张 · 通过率 75% · 名额 10 \/ 0/)).toBeDefined();
  });

  it('searches by keyword through the URL and says when nobody matches', async () => {
    const { user, location } = open();
    await screen.findByTestId('user-table');
    await user.type(screen.getByRole('searchbox', { name: '搜索用户' }), '飞友丙{Enter}');
    expect(await screen.findByText('与“飞友丙”匹配的用户：1 位')).toBeDefined();
    expect(location().search).toBe('?q=%E9%A3%9E%E5%8F%8B%E4%B8%99');
    await user.clear(screen.getByRole('searchbox', { name: '搜索用户' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索用户' }), 'nobody{Enter}');
    expect(await screen.findByText('没有找到与“nobody”匹配的用户')).toBeDefined();
  });

  it('takes a keyword typed and sent before the list has come (the search box never drops Enter)', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { user, location } = open('/manage/user', {
      'GET /admin/users': async (r) => {
        const q = r.url.searchParams.get('q') ?? '';
        if (!q) await held;
        return { body: { items: q ? [MEMBER] : [MEMBER, SUSPENDED, SELF] } };
      },
    });
    await user.type(screen.getByRole('searchbox', { name: '搜索用户' }), '飞友丙{Enter}');
    await waitFor(() => expect(location().search).toBe('?q=%E9%A3%9E%E5%8F%8B%E4%B8%99'));
    expect(await screen.findByText('与“飞友丙”匹配的用户：1 位')).toBeDefined();
    release();
  });

  it('opens a member in the drawer with their facts and the audit log', async () => {
    const { user, location } = open();
    await screen.findByTestId('user-table');
    await user.click(within(screen.getByTestId(`user-row-${MEMBER.id}`)).getByRole('button', { name: /飞友丙/ }));
    const detail = await screen.findByTestId('user-detail');
    expect(location().search).toBe(`?id=${MEMBER.id}`);
    expect(within(detail).getByRole('heading', { name: '飞友丙' })).toBeDefined();
    expect(within(detail).getByText('member@example.com')).toBeDefined();
    expect(within(detail).getByText('3 张（已审 4 张）')).toBeDefined();
    // The phone masked, whole only on request (the server audits it).
    expect(within(detail).getByTestId('admin-phone').textContent).toContain('138****1234');
    const entry = within(detail).getByTestId('audit-entry');
    expect(entry.textContent).toContain('修改上传名额');
    expect(entry.textContent).toContain('普通队列 10');
    expect(entry.textContent).toContain('管理员');
  });

  it('saves only the slots that changed', async () => {
    const { api, user } = open(`/manage/user?id=${MEMBER.id}`);
    const detail = await screen.findByTestId('user-detail');
    const save = within(detail).getByRole('button', { name: '保存名额' });
    expect(save).toHaveProperty('disabled', true);
    const normal = within(detail).getByLabelText('普通队列名额');
    await user.clear(normal);
    await user.type(normal, '25');
    await user.click(save);
    await waitFor(() => expect(updates(api)).toEqual([{ queueSlots: 25 }]));
    expect(await screen.findByText(MANAGE_MESSAGES.levelSaved)).toBeDefined();
  });

  it('keeps slots being typed when a level just saved comes back from the server', async () => {
    // The detail asked again after the level's save is held until the slots have been typed.
    let level: number = MEMBER.level;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const { api, user } = open(`/manage/user?id=${MEMBER.id}`, {
      [`GET /admin/users/${MEMBER.id}`]: async () => {
        if (++asked > 1) await held;
        return { body: memberDetail({ ...MEMBER, level }) };
      },
      [`PUT /admin/users/${MEMBER.id}`]: (r) => {
        const body = r.body as UpdateUserRequest;
        if (body.level !== undefined) level = body.level;
        return { body: { message: MANAGE_MESSAGES.levelSaved, user: { ...MEMBER, level, ...body } } };
      },
    });
    const levels = within(await screen.findByTestId('level-section'));
    await user.click(levels.getByText('审图员', { exact: true }));
    await user.click(levels.getByRole('button', { name: '保存等级' }));
    await waitFor(() => expect(asked).toBe(2));
    const slots = within(screen.getByTestId('slots-section'));
    await user.clear(slots.getByLabelText('普通队列名额'));
    await user.type(slots.getByLabelText('普通队列名额'), '25');
    release();
    await waitFor(() => expect(screen.getByTestId('user-detail').textContent).toContain(levelName(LEVELS.screener)));
    await user.click(slots.getByRole('button', { name: '保存名额' }));
    await waitFor(() => expect(updates(api)).toEqual([{ level: LEVELS.screener }, { queueSlots: 25 }]));
  });

  it('offers the four levels side by side, the current one chosen, and saves the one clicked', async () => {
    const { api, user } = open(`/manage/user?id=${MEMBER.id}`);
    const section = within(await screen.findByTestId('level-section'));
    const save = section.getByRole('button', { name: '保存等级' });
    const radios = section.getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(Object.values(LEVEL_NAMES));
    expect(section.getByRole('radio', { name: levelName(MEMBER.level) })).toHaveProperty('checked', true);
    expect(save).toHaveProperty('disabled', true);
    await user.click(section.getByText('审图员', { exact: true }));
    expect(section.getByRole('radio', { name: '审图员' })).toHaveProperty('checked', true);
    expect(save).toHaveProperty('disabled', false);
    await user.click(save);
    await waitFor(() => expect(updates(api)).toEqual([{ level: LEVELS.screener }]));
  });

  it('will not suspend without a reason, and keeps the server’s refusal beside the button', async () => {
    const refusal: Answer = { status: 403, body: { message: MANAGE_MESSAGES.selfSuspend, code: 'FORBIDDEN' } };
    const { api, user } = open(`/manage/user?id=${MEMBER.id}`, { [`PUT /admin/users/${MEMBER.id}`]: refusal });
    const section = within(await screen.findByTestId('suspension-section'));
    await user.click(section.getByLabelText('无限期'));
    await user.click(section.getByRole('button', { name: '停用账号' }));
    expect(await section.findByText(MANAGE_MESSAGES.suspendReason)).toBeDefined();
    expect(updates(api)).toEqual([]);
    await user.type(section.getByLabelText('停用原因'), '测试');
    await user.click(section.getByRole('button', { name: '停用账号' }));
    await waitFor(() => expect(updates(api)).toEqual([{ suspend: { reason: '测试', until: null } }]));
    expect((await section.findByTestId('action-error')).textContent).toContain(MANAGE_MESSAGES.selfSuspend);
  });

  it('offers to lift a suspension, saying until when and why', async () => {
    const { api, user } = open(`/manage/user?id=${SUSPENDED.id}`, {
      [`GET /admin/users/${SUSPENDED.id}`]: { body: memberDetail(SUSPENDED) },
      [`PUT /admin/users/${SUSPENDED.id}`]: {
        body: { message: MANAGE_MESSAGES.levelSaved, user: { ...SUSPENDED, status: 'active' } },
      },
    });
    const section = within(await screen.findByTestId('suspension-section'));
    expect(section.getByText('已停用至 2031-01-01')).toBeDefined();
    expect(section.getByText('原因：多次上传他人作品')).toBeDefined();
    await user.click(section.getByRole('button', { name: '解除停用' }));
    await waitFor(() => expect(updates(api)).toEqual([{ lift: true }]));
  });

  it('says a member of an unknown id cannot be found', async () => {
    open('/manage/user?id=999', { 'GET /admin/users/999': { status: 404, body: { message: '用户不存在', code: 'NOT_FOUND' } } });
    expect(await screen.findByText('找不到这位用户')).toBeDefined();
  });
});
