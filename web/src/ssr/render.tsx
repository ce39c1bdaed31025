import type { RenderRequest, RenderResult } from '@contract/page-data';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router';
import { Writable } from 'node:stream';
import { Providers } from '../app/providers.js';
import { routes } from '../app/router.js';
import { ApiError } from '../lib/api.js';
import { createQueryClient } from '../lib/query-client.js';
import { siteFilingsQuery } from '../lib/site-filings.js';
import { PUBLIC_PAGES, SHELL_PAGES } from './pages.js';
import { errorsToJson, stateJson, withoutClocks } from './state.js';

// The web's server entry (issue 36), built by `vite build --ssr` into dist/ssr and called by the server
// (server/src/ssr/): a public page as HTML with its data, and the state its hydration starts from.

/**
 * The routes as the server runs them: the same tree (the route ids the browser's router gives them are
 * the same), each page with a loader that loads nothing. The browser's loaders (the guards, the home
 * page's prefetch) are then marked as run, and hydration renders the page at once, not its fallback.
 */
const serverRoutes = routes.map((layout): RouteObject => ({
  ...layout,
  index: false,
  children: layout.children?.map((child) => ({ ...child, loader: () => null }) as RouteObject),
}));
const handler = createStaticHandler(serverRoutes);

const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** React's stream, collected: every piece of data is in the cache before it renders. */
function renderHtml(node: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(node, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}

/** The chunk (a key of Vite's manifest) of a page sent as the shell whose modules its HTML preloads, if any. */
export function shellModule(url: string): string | null {
  const pathname = new URL(url, 'http://contrail.invalid').pathname;
  const pattern = matchRoutes(routes, pathname)
    ?.filter((m) => m.route.path !== undefined)
    .at(-1)?.route.path;
  return (pattern !== undefined && SHELL_PAGES[pattern]) || null;
}

export async function render({ url, data, hero, config }: RenderRequest): Promise<RenderResult | null> {
  globalThis.__CONTRAIL__ = config;
  const address = new URL(url, 'http://contrail.invalid');
  // The page's own route: the deepest with a path (the user page has an index route inside).
  const match = matchRoutes(routes, address.pathname)
    ?.filter((m) => m.route.path !== undefined)
    .at(-1);
  const pattern = match?.route.path;
  const page = pattern === undefined ? undefined : PUBLIC_PAGES[pattern];
  if (!match || !page) return null;

  const client = createQueryClient({ retry: false });
  // Every page's footer: its filing numbers are in the HTML (issue 38).
  const [found] = await Promise.all([
    page.prefetch ? page.prefetch({ client, params: match.params, search: address.searchParams, data, hero }) : true,
    // A failure leaves the footer to ask again in the browser.
    client.query({ ...siteFilingsQuery, queryFn: () => data.siteFilings() }).catch(() => undefined),
  ]);
  // A 404 met here is the page's to show (its not-found panel), as the browser will after hydration.
  for (const q of client.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' }))
    client.setQueryDefaults(q.queryKey, { retryOnMount: false });
  const context = await handler.query(new Request(address.href));
  // No public page redirects or fails in its (empty) loaders; anything else is the shell's to handle.
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderHtml(
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  const queries = withoutClocks(
    errorsToJson(dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' }), isApiError),
  );
  const state = stateJson({
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    queries,
  });
  const title = (match.route.handle as { title?: string } | undefined)?.title ?? null;
  return { status: found ? 200 : 404, html, state, title, module: page.module };
}
