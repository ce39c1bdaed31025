import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.js';
import { Header } from './header.js';

function renderHeaderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <Header /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the header search box', () => {
  it('shows the query of the search being looked at, and follows the page', async () => {
    const router = renderHeaderAt(`/search?q=${encodeURIComponent('国航 A320')}&sort=taken`);
    const box = screen.getByRole('searchbox', { name: '搜索图片' });
    expect(box).toHaveProperty('value', '国航 A320');

    await act(() => router.navigate('/search?q=B-1234'));
    expect(box).toHaveProperty('value', 'B-1234');
    await userEvent.clear(box);
    await userEvent.type(box, '东航');
    expect(box).toHaveProperty('value', '东航');
    await act(() => router.navigate('/photo/7'));
    expect(box).toHaveProperty('value', '');
  });
});
