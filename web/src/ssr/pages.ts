import { expandCard } from '@contract/cards';
import { searchApiParams } from '@contract/catalogues';
import type { CardSearchResponse } from '@contract/gallery';
import type { PageData } from '@contract/page-data';
import { MAX_ID } from '@contract/limits';
import { formatRegistration } from '@contract/registrations';
import type { QueryClient } from '@tanstack/react-query';
import { airframeQuery } from '../features/airframes/api/get-airframe.js';
import { liveryQuery } from '../features/airframes/api/get-livery.js';
import { airframesQuery } from '../features/airframes/api/list-airframes.js';
import { userQuery } from '../features/accounts/api/get-user.js';
import { userPhotosQuery } from '../features/accounts/api/get-user-photos.js';
import { userStatisticsQuery } from '../features/accounts/api/get-user-statistics.js';
import { photoQuery } from '../features/gallery/api/get-photo.js';
import { relatedQuery } from '../features/gallery/api/get-related.js';
import { siteStatsQuery } from '../features/home/api/get-site-stats.js';
import { trendingQuery } from '../features/home/api/get-trending.js';
import { rankingsQuery } from '../features/rankings/api/get-rankings.js';
import { FEATURED, FEATURED_LIMIT, heroKey, LATEST } from '../features/home/lib/prefetch-home.js';
import { ApiError } from '../lib/api.js';
import { siteMonth } from '../lib/local-time.js';
import { potwArchiveQuery, potwCurrentQuery } from '../lib/potw.js';
import { searchPhotosQuery, type CardPage } from '../lib/search-photos.js';
import { siteContactQuery } from '../lib/site-contact.js';

// The public pages the server renders (issue 36), by their route's path: the page's chunk in the client
// build (its CSS and modules go in the head) and what its hooks will read, put in the query cache from
// the server's own answers. Every other route is sent as the shell, as before.

interface PrefetchArgs {
  client: QueryClient;
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  data: PageData;
  hero: number | undefined;
}

export interface PublicPage {
  /** The route's module as the client build's manifest names it. */
  module: string;
  /** Fills the query cache; false when what the page shows does not exist (the answer is a 404). */
  prefetch?: (args: PrefetchArgs) => Promise<boolean>;
}

/** A missing thing as the page's query would have met it: the 404 the page shows as its own. */
const gone = () => new ApiError(404, 'NOT_FOUND', '不存在');

/** Runs a query from the server's answer; `null` (the endpoint's 404) is kept as the query's 404. */
async function fill<T>(
  client: QueryClient,
  options: { queryKey: readonly unknown[] },
  answer: Promise<T | null>,
): Promise<boolean> {
  const value = await answer;
  // The query's own 404 stays in the cache as its error (the page shows it), not thrown here.
  await client
    .query({
      queryKey: options.queryKey,
      queryFn: () => (value === null ? Promise.reject(gone()) : Promise.resolve(value)),
      retry: false,
    })
    .catch(() => undefined);
  return value !== null;
}

const toCards = (answer: CardSearchResponse): CardPage => ({ ...answer, items: answer.items.map(expandCard) });

/** A list's first page, as its infinite query holds it. */
async function fillList(
  client: QueryClient,
  options: { queryKey: readonly unknown[] },
  answer: Promise<CardSearchResponse | null>,
  start: string | null = null,
): Promise<boolean> {
  const value = await answer;
  if (value === null) return false;
  client.setQueryData(options.queryKey, { pages: [toCards(value)], pageParams: [start] });
  return true;
}

/** A page of one thing by its `:id`: an id no thing can have is that page's 404 without asking. */
const byId =
  (prefetch: (id: number, args: PrefetchArgs) => Promise<boolean>) =>
  (args: PrefetchArgs): Promise<boolean> => {
    const id = Number(args.params.id);
    return Number.isInteger(id) && id > 0 && id <= MAX_ID ? prefetch(id, args) : Promise.resolve(false);
  };

const page = (file: string) => `src/features/${file}`;

export const PUBLIC_PAGES: Record<string, PublicPage> = {
  '/': {
    module: page('home/components/home-page.tsx'),
    prefetch: async ({ client, data, hero }) => {
      await Promise.all([
        fill(client, potwCurrentQuery(), data.potwCurrent()),
        fillList(client, searchPhotosQuery(FEATURED, FEATURED_LIMIT), data.search(FEATURED, FEATURED_LIMIT)),
        fillList(client, searchPhotosQuery(LATEST), data.search(LATEST)),
        fill(client, siteStatsQuery(), data.siteStats()),
        fill(client, trendingQuery(), data.trending()),
      ]);
      if (hero !== undefined) client.setQueryData(heroKey, hero);
      return true;
    },
  },
  '/search': {
    module: page('gallery/components/search-page.tsx'),
    prefetch: async ({ client, data, search }) => {
      const params = searchApiParams(search);
      const start = search.get('cursor')?.slice(0, 200) || null;
      // Parameters the API refuses are the page's to say, in the browser, as before.
      const asked = start === null ? params : { ...params, cursor: start };
      await fillList(client, searchPhotosQuery(params, undefined, start), data.search(asked), start);
      return true;
    },
  },
  '/photo/:id': {
    module: page('gallery/components/photo-page.tsx'),
    prefetch: byId(async (id, { client, data }) => {
      const [found] = await Promise.all([
        fill(client, photoQuery(id), data.photo(id)),
        fill(client, relatedQuery(id), data.related(id)),
      ]);
      return found;
    }),
  },
  '/airframe/:id': {
    module: page('airframes/components/airframe-page.tsx'),
    prefetch: byId((id, { client, data }) => fill(client, airframeQuery(id), data.airframe(id))),
  },
  '/reg/:registration': {
    module: page('airframes/components/registration-page.tsx'),
    prefetch: async ({ client, data, params }) => {
      const typed = (params.registration ?? '').toUpperCase().slice(0, 15);
      const reg = formatRegistration(typed) ?? typed;
      return fill(client, airframesQuery({ reg }), data.airframesOf(reg));
    },
  },
  '/livery/:id': {
    module: page('airframes/components/livery-page.tsx'),
    prefetch: byId(async (id, { client, data }) => {
      const photos = { livery: String(id) };
      const [found] = await Promise.all([
        fill(client, liveryQuery(id), data.livery(id)),
        fillList(client, searchPhotosQuery(photos), data.search(photos)),
      ]);
      return found;
    }),
  },
  '/user/:id': {
    module: page('accounts/components/user-page.tsx'),
    prefetch: byId(async (id, { client, data }) => {
      const [found] = await Promise.all([
        fill(client, userQuery(id), data.user(id)),
        fillList(client, userPhotosQuery(id), data.userPhotos(id)),
        fill(client, userStatisticsQuery(id), data.userStatistics(id)),
      ]);
      return found;
    }),
  },
  '/potw': {
    module: page('potw/components/potw-page.tsx'),
    prefetch: async ({ client, data }) => {
      const archive = await data.potwArchive();
      client.setQueryData(potwArchiveQuery().queryKey, { pages: [archive], pageParams: [null] });
      return true;
    },
  },
  '/rankings': {
    module: page('rankings/components/rankings-page.tsx'),
    prefetch: async ({ client, data }) => {
      const month = siteMonth(Date.now());
      return fill(client, rankingsQuery(month), data.rankings(month));
    },
  },
  '/rankings/:month': {
    module: page('rankings/components/rankings-page.tsx'),
    prefetch: async ({ client, data, params }) => {
      const month = (params.month ?? '').slice(0, 7);
      return fill(client, rankingsQuery(month), data.rankings(month));
    },
  },
  '/guide/upload': { module: page('guides/components/upload-guide-page.tsx') },
  '/guide/standard': { module: page('guides/components/standard-page.tsx') },
  '/terms': { module: page('guides/components/terms-page.tsx') },
  '/api': { module: page('guides/components/api-page.tsx') },
  '/about': {
    module: page('site/components/about-page.tsx'),
    prefetch: async ({ client, data }) => fill(client, siteContactQuery, data.siteContact()),
  },
  '*': { module: page('site/components/not-found-page.tsx'), prefetch: async () => false },
};

/**
 * Pages the browser renders whose chunk the shell's HTML names, so that it loads beside the entry instead of
 * after it has run (issue 34, item 24): a member's pages that open with a form.
 */
export const SHELL_PAGES: Record<string, string> = {
  '/upload': page('uploads/components/upload-page.tsx'),
};
