import type { CardPhoto } from '@contract/cards';
import { HERO_FEATURED_LIMIT, HERO_SIZES } from '@contract/catalogues';
import type { QueryClient } from '@tanstack/react-query';
import { preloadPhoto } from '../../../lib/photo-urls.js';
import { potwCurrentQuery } from '../../../lib/potw.js';
import { searchPhotosQuery } from '../../../lib/search-photos.js';
import { siteStatsQuery } from '../api/get-site-stats.js';

/** The editor's choices the hero is picked from: the latest 20 (§3.1). */
export const FEATURED = { featured: '1' } as const;
export const FEATURED_LIMIT = HERO_FEATURED_LIMIT;
/** The latest photos: the gallery without any filter (the same answer as /search). */
export const LATEST = {} as const;
export { HERO_SIZES };

/** The hero the server drew for a page it rendered, handed to the browser in the query cache. */
export const heroKey = ['home', 'hero'] as const;

// One of the latest editor's choices at random (§3.1), the same one for the page's life: the one the
// server drew when it sent the page (its image already preloaded by the HTML), else a draw here.
const pick = Math.random();
export const heroOf = (featured: CardPhoto[], named: number | undefined): CardPhoto | null =>
  featured.find((p) => p.id === named) ?? featured[Math.floor(pick * featured.length)] ?? null;

/**
 * Asks for what the home page shows while its chunk is still loading (the route's loader calls it
 * at navigation), so the hero's photo, the LCP element, is on its way before the page renders.
 */
export function prefetchHome(client: QueryClient): void {
  // The hero's image is asked for as soon as the hero is known, while the page still renders: this
  // week's photo, else one of the editor's choices.
  void Promise.all([client.query(potwCurrentQuery()), client.infiniteQuery(searchPhotosQuery(FEATURED, FEATURED_LIMIT))]).then(
    ([potw, featured]) => {
      const hero = potw.entry?.photo ?? heroOf(featured.pages[0]?.items ?? [], client.getQueryData<number>(heroKey));
      if (hero) preloadPhoto(hero, HERO_SIZES);
    },
    () => undefined,
  );
  // Prefetches: a failure here is the page's own query to report, so it is swallowed.
  client.infiniteQuery(searchPhotosQuery(LATEST)).catch(() => undefined);
  client.query(siteStatsQuery()).catch(() => undefined);
}
