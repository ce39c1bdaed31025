import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers, queryClient } from './app/providers.js';
import { routes } from './app/router.js';
import { ApiError, refreshSession } from './lib/api.js';
import { readSession, syncMemberCookie } from './lib/session.js';
import { afterHydration } from './ssr/after-hydration.js';
import { errorsFromJson, failedKeys, freshFrom, STATE_ID, type PageState } from './ssr/state.js';
import './styles/global.css';

// The stored session as the server knows the member now: a promotion since signing in shows at once.
void refreshSession();
// A session stored before the member hint existed (or in another tab) gets it now.
syncMemberCookie();

const root = document.getElementById('root')!;
const stateBlock = document.getElementById(STATE_ID);

if (stateBlock?.textContent) {
  // A public page the server rendered (issue 36): its query cache and router state come with the HTML,
  // and the page's own chunk (preloaded by the head) is loaded before hydration, which then asks for
  // nothing the HTML already shows.
  const state = JSON.parse(stateBlock.textContent) as PageState;
  const queries = freshFrom(state.queries, Date.now());
  hydrate(
    queryClient,
    errorsFromJson(queries, (e) => new ApiError(e.status, e.code, e.message)),
  );
  for (const key of failedKeys(queries)) queryClient.setQueryDefaults(key, { retryOnMount: false });
  const lazy = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    lazy.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes, { hydrationData: state.router });
  hydrateRoot(
    root,
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  // The HTML is every visitor's: a member's own answers (a like, the owner's tools) come after it (and
  // a photo's, read again as the member's, counts the view); a visitor's page says what it saw.
  if (readSession()) void queryClient.invalidateQueries();
  else afterHydration(window.location.pathname, queryClient);
} else {
  // The page's chunk (preloaded by the shell's head) and its loader's data (awaited briefly there) come
  // before the first render, so that render is the page itself and not 加载中… first (issue 34, item 24).
  const router = createBrowserRouter(routes);
  await routerReady(router);
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

/**
 * The router has loaded the page's chunk and run its loaders, or half a second has passed (the header
 * then shows, and 加载中… in the page's place until they have).
 */
function routerReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, 500);
    const stop = router.subscribe((state) => {
      if (state.initialized) done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}
