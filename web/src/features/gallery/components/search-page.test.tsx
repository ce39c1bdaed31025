import { TOTAL_CAP } from '@contract/gallery';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type SentRequest } from '../../../testing/fetch-stub.js';
import { gallery, PEK, pekAirports, photo } from '../../../testing/fixtures.js';
import { renderPage } from '../../../testing/render.js';
import { Component as SearchPage } from './search-page.js';

const ACCEPTED = [
  photo({ id: 21, state: 'accepted', registration: 'B-1021', airport: PEK, decidedAt: 1 }),
  photo({ id: 22, state: 'accepted', registration: 'B-1022', inFlight: true, airport: null, featured: true, decidedAt: 2 }),
];

/** The gallery answers every search with `answer(request)`; the page is opened at `url`. */
function open(
  url: string,
  answer: (r: SentRequest) => ReturnType<typeof gallery> | { status: number; body: unknown },
  more: Parameters<typeof stubApi>[0] = {},
) {
  const api = stubApi({
    ...more,
    'GET /photos': (r) => {
      const body = answer(r);
      return 'status' in body ? body : { body };
    },
    'GET /airports': {
      body: pekAirports(),
    },
  });
  const user = userEvent.setup();
  const view = renderPage(SearchPage, { path: '/search', url });
  // Every list is asked for as compact cards; the rest of the query is the search.
  const searches = () =>
    api.sent
      .filter((r) => r.path === '/photos')
      .map((r) => {
        const { view, ...search } = Object.fromEntries(r.url.searchParams);
        expect(view).toBe('card');
        return search;
      });
  const location = () => view.router.state.location;
  return { api, user, searches, location };
}

describe('search page', () => {
  it('says 正在搜索… first, then the total and a card per photo', async () => {
    open('/search', () => gallery(ACCEPTED, { total: 2 }));
    expect(screen.getByTestId('search-total').textContent).toBe('正在搜索…');
    await waitFor(() => expect(screen.getByTestId('search-total').textContent).toBe('共 2 张图片'));
    const cards = within(screen.getByTestId('search-results')).getAllByTestId('photo-card');
    expect(cards.map((c) => within(c).getByRole('link', { name: /^B-/ }).textContent)).toEqual(['B-1021', 'B-1022']);
    expect(cards[0]!.textContent).toContain('北京首都 ZBAA/PEK');
    expect(cards[1]!.textContent).toContain('空中拍摄');
    expect(cards[1]!.textContent).toContain('编辑精选');
  });

  it('searches for the typed words through the URL, which the request and the summary follow', async () => {
    const { user, searches, location } = open('/search', (r) => gallery(r.url.searchParams.get('q') ? [ACCEPTED[0]!] : ACCEPTED));
    await screen.findByText('共 2 张图片');
    await user.type(screen.getByRole('searchbox', { name: '搜索词' }), ' B-1021 ');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await screen.findByText('共 1 张图片，搜索“B-1021”');
    expect(location().search).toBe('?q=B-1021');
    expect(searches().at(-1)).toEqual({ q: 'B-1021' });
  });

  it('shows the filters of the URL as chips, and removing one asks again without it', async () => {
    const { user, searches, location } = open('/search?reg=B-1021&cat=night&featured=1', () => gallery([ACCEPTED[0]!]));
    await screen.findByText('共 1 张图片');
    expect(searches()[0]).toEqual({ reg: 'B-1021', cat: 'night', featured: '1' });
    const chips = screen.getByLabelText('当前筛选');
    expect(within(chips).getByText('注册号：B-1021')).toBeDefined();
    expect(within(chips).getByText('分类：夜景')).toBeDefined();
    expect(within(chips).getByText('只看编辑精选')).toBeDefined();
    expect(screen.getByTestId('toggle-filters').textContent).toBe('筛选（3）');
    await user.click(screen.getByRole('button', { name: '移除 分类：夜景' }));
    await waitFor(() => expect(searches().at(-1)).toEqual({ reg: 'B-1021', featured: '1' }));
    expect(new URLSearchParams(location().search).get('cat')).toBeNull();
  });

  it('orders by another sort from the list, and leaves the default order out of the URL', async () => {
    const { user, searches, location } = open('/search', () => gallery(ACCEPTED));
    await screen.findByText('共 2 张图片');
    await user.selectOptions(screen.getByTestId('search-sort'), '最多浏览');
    await waitFor(() => expect(searches().at(-1)).toEqual({ sort: 'views' }));
    expect(location().search).toBe('?sort=views');
    await user.selectOptions(screen.getByTestId('search-sort'), '最新通过');
    await waitFor(() => expect(location().search).toBe(''));
  });

  it('filters by an airport picked in the panel by its code', async () => {
    const { user, searches } = open('/search', () => gallery(ACCEPTED));
    await screen.findByText('共 2 张图片');
    await user.click(screen.getByTestId('toggle-filters'));
    await user.type(await screen.findByTestId('filter-airports'), 'PEK');
    await user.click(await screen.findByRole('option', { name: '北京首都 ZBAA/PEK' }));
    await waitFor(() => expect(searches().at(-1)).toEqual({ airport: String(PEK.id) }));
    expect(screen.getByTestId('picked-airports').textContent).toContain('北京首都 ZBAA/PEK');
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    open('/search?q=XYZ', () => gallery([]));
    expect(await screen.findByText('没有找到符合条件的图片。')).toBeDefined();
    expect(screen.getByRole('link', { name: '清除筛选，查看全部图片' }).getAttribute('href')).toBe('/search');
  });

  it('names the filters of a search without photos by their entries, not their numbers', async () => {
    const airChina = {
      id: 1765,
      icao: 'CCA',
      iata: 'CA',
      nameZh: '中国国际航空',
      nameEn: 'Air China',
      country: 'China',
      shortZh: '国航',
      active: true,
      status: 'available',
    };
    const { api } = open('/search?airline=1765&airport=11', () => gallery([]), {
      'GET /airlines/1765': { body: airChina },
      'GET /airports/11': { body: pekAirports().items[0] },
    });
    await screen.findByText('没有找到符合条件的图片。');
    const chips = screen.getByLabelText('当前筛选');
    expect(await within(chips).findByText('航司：中国国际航空')).toBeDefined();
    expect(await within(chips).findByText('机场：北京首都 ZBAA/PEK')).toBeDefined();
    expect(chips.textContent).not.toContain('编号');
    expect(api.unanswered).toEqual([]);
  });

  it('says a refused search needs other conditions, with the server’s reason as a notice', async () => {
    open('/search?from=2025-13-01', () => ({ status: 400, body: { message: '日期格式需为 YYYY-MM-DD', code: 'VALIDATION' } }));
    expect(await screen.findByText('搜索条件有误，请调整后再试。')).toBeDefined();
    expect(screen.getByTestId('search-total').textContent).toBe('');
    expect(await screen.findByText('日期格式需为 YYYY-MM-DD')).toBeDefined();
  });

  it(`says more than ${TOTAL_CAP.toLocaleString('zh-CN')} when the count was capped, and loads the next page on 加载更多 in place`, async () => {
    const { user, searches } = open('/search', (r) =>
      r.url.searchParams.get('cursor')
        ? gallery([ACCEPTED[1]!], { total: 0 })
        : gallery([ACCEPTED[0]!], { total: TOTAL_CAP, totalCapped: true, nextCursor: 'next-1' }),
    );
    await screen.findByText('共 1,000+ 张图片');
    // A link of its own for a page without script (and crawlers); with script it loads the next photos here.
    const more = screen.getByRole('link', { name: '加载更多' });
    expect(more.getAttribute('href')).toBe('/search?cursor=next-1');
    await user.click(more);
    await waitFor(() => expect(screen.getAllByTestId('photo-card').length).toBe(2));
    expect(searches().at(-1)).toEqual({ cursor: 'next-1' });
    expect(screen.queryByRole('link', { name: '加载更多' })).toBeNull();
  });
});
