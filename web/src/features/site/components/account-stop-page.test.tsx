import { suspendedMessage } from '@contract/texts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SUSPENDED_KEY, SUSPENDED_TOKEN_KEY } from '../../../lib/api.js';
import { stubApi } from '../../../testing/fetch-stub.js';
import { renderPage } from '../../../testing/render.js';
import { Component as AccountStopPage } from './account-stop-page.js';

const UNTIL = Date.UTC(2026, 11, 31, 0, 0);

/** /AccountStop as the shell leaves it: the refusal's message (and the refused token) kept for the tab. */
function open({ contact = '', token = null as string | null } = {}) {
  sessionStorage.setItem(SUSPENDED_KEY, suspendedMessage('多次上传他人作品。', UNTIL));
  if (token) sessionStorage.setItem(SUSPENDED_TOKEN_KEY, token);
  const api = stubApi({
    'GET /site/contact': { body: { contact } },
    'POST /messages/appeal': { body: { message: '申诉已发送给管理员，他们会在站内消息中看到，并回复到你的注册邮箱' } },
  });
  renderPage(AccountStopPage, { path: '/AccountStop' });
  return { api, user: userEvent.setup() };
}

afterEach(() => sessionStorage.clear());

describe('/AccountStop', () => {
  it('says the reason and the end on lines of their own, with no stray bracket', async () => {
    open({ contact: '邮箱 team@contrail.example' });
    const page = screen.getByTestId('account-stop');
    expect(within(page).getByText('原因：多次上传他人作品')).toBeDefined();
    expect(within(page).getByText('停用至：2026-12-31 08:00（北京时间）')).toBeDefined();
    expect(page.textContent).not.toMatch(/）[，。]|（原因/);
    expect(await within(page).findByText('team@contrail.example')).toBeDefined();
  });

  it('offers an appeal to the administrators when the team published no contact, sent with the refused token', async () => {
    const { api, user } = open({ token: 'kept-token' });
    expect(await screen.findByText('管理团队暂未公布联系方式，可以在下面直接向管理员申诉。')).toBeDefined();
    // The token names the member: no email or password is asked for.
    expect(screen.queryByLabelText('密码')).toBeNull();
    await user.type(await screen.findByLabelText('申诉理由'), '那几张照片是我本人拍摄的');
    await user.click(screen.getByRole('button', { name: '提交申诉' }));
    expect(await screen.findByText('申诉已提交。管理员会在站内消息中看到，并回复到你的注册邮箱。')).toBeDefined();
    const sent = api.sent.find((r) => r.path === '/messages/appeal')!;
    expect(sent.body).toEqual({ body: '那几张照片是我本人拍摄的' });
    expect(sent.headers.get('Authorization')).toBe('Bearer kept-token');
    expect(screen.queryByRole('button', { name: '提交申诉' })).toBeNull();
  });

  it('asks for the email and password when the suspension was met at login', async () => {
    const { api, user } = open();
    await user.type(await screen.findByLabelText('邮箱'), 'gone@example.com');
    await user.type(screen.getByLabelText('密码'), 'password-123');
    await user.type(screen.getByLabelText('申诉理由'), '请复核');
    await user.click(screen.getByRole('button', { name: '提交申诉' }));
    await screen.findByText('申诉已提交。管理员会在站内消息中看到，并回复到你的注册邮箱。');
    const sent = api.sent.find((r) => r.path === '/messages/appeal')!;
    expect(sent.body).toEqual({ body: '请复核', email: 'gone@example.com', password: 'password-123' });
    expect(sent.headers.get('Authorization')).toBeNull();
  });
});
