import { LEVELS } from '@contract/limits';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Notices } from '../components/notices.js';
import { createQueryClient } from '../lib/query-client.js';
import { saveSession } from '../lib/session.js';

/** Signs a test member in, as the login dialog does (the session in localStorage). */
export function signIn(user: { id?: number; username?: string; permission?: number } = {}) {
  const session = {
    message: '登录成功',
    token: 'test-token',
    id: user.id ?? 1,
    username: user.username ?? '飞友甲',
    permission: user.permission ?? LEVELS.member,
    expireTime: Date.now() + 3_600_000,
  };
  saveSession(session);
  return session;
}

/**
 * Renders a page at `url` as the app does: the app's query client settings (no retries, so a
 * refusal shows at once), a memory router with the page on `path`, and the shell's notices.
 */
export function renderPage(Page: ComponentType, { path, url = path }: { path: string; url?: string }) {
  const client = createQueryClient({ retry: false });
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            <Page />
            <Notices />
          </>
        ),
      },
      { path: '*', element: <p>其他页面</p> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}
