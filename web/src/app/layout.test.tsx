import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.js';
import { clearSession } from '../lib/session.js';
import { stubApi } from '../testing/fetch-stub.js';
import { signIn } from '../testing/render.js';
import { Layout } from './layout.js';

const REMINDER = '维护模式已开启：其他用户现在看到维护页面';

/** The app's layout around two pages, with the site in maintenance or not. */
function open(maintenance: boolean) {
  const api = stubApi({
    'GET /site/status': { body: { maintenance, maintenanceMessage: maintenance ? '数据库升级，预计 30 分钟' : '' } },
    'GET /notifications': { body: { items: [], nextCursor: null, unread: 0 } },
    'GET /messages': { body: { items: [], nextCursor: null, unread: 0 } },
  });
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <p>首页内容</p> },
          { path: '/search', element: <p>图库内容</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, router };
}

afterEach(() => clearSession());

describe('the layout in maintenance', () => {
  it('reminds an administrator on every page that the others see the maintenance page', async () => {
    signIn({ permission: 3, username: '站长' });
    const { router } = open(true);
    const banner = await screen.findByRole('status', { name: '维护模式提醒' });
    expect(banner.textContent).toContain(REMINDER);
    expect(screen.getByRole('link', { name: '关闭维护模式' }).getAttribute('href')).toBe('/manage/notam');
    await act(() => router.navigate('/search'));
    expect(screen.getByText('图库内容')).toBeDefined();
    expect(screen.getByRole('status', { name: '维护模式提醒' }).textContent).toContain(REMINDER);
  });

  it('says nothing to an administrator when the site is open', async () => {
    signIn({ permission: 3 });
    const { api } = open(false);
    await waitFor(() => expect(api.calls('GET')).toContain('GET /site/status'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText(REMINDER, { exact: false })).toBeNull();
  });

  it('asks nothing for a member or a visitor (they are sent to /maintenance instead)', async () => {
    signIn({ permission: 2 });
    const { api } = open(true);
    expect(await screen.findByText('首页内容')).toBeDefined();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(api.calls('GET')).not.toContain('GET /site/status');
    expect(screen.queryByText(REMINDER, { exact: false })).toBeNull();
  });
});
