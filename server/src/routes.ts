import type { FastifyInstance } from 'fastify';
import type { Services } from './app.js';
import type { Config } from './config.js';
import { registerWebApp } from './http/web.js';
import { feedLinkOf } from './modules/feeds/feed-links.js';
import { pageDataOf } from './modules/pages/page-data.js';
import type { DependencyChecks } from './http/outages.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { airframesRoutes } from './modules/airframes/airframes.routes.js';
import { airframePagesRoutes } from './modules/pages/airframe-pages.routes.js';
import { pagesRoutes, sitemapRoutes } from './modules/pages/pages.routes.js';
import { galleryRoutes } from './modules/gallery/gallery.routes.js';
import { manageRoutes } from './modules/manage/manage.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { notamsRoutes } from './modules/notams/notams.routes.js';
import { followsRoutes } from './modules/follows/follows.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { feedsRoutes } from './modules/feeds/feeds.routes.js';
import { potwRoutes } from './modules/potw/potw.routes.js';
import { publicApiRoutes } from './modules/public-api/public-api.routes.js';
import { imageRoutes, photosRoutes } from './modules/photos/photos.routes.js';
import { phonesRoutes } from './modules/phones/phones.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { sightingsRoutes } from './modules/sightings/sightings.routes.js';
import { collectionsRoutes } from './modules/collections/collections.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { screeningRoutes } from './modules/screening/screening.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { votesRoutes } from './modules/votes/votes.routes.js';

/** Every module's routes under /api/v1, in one place: what the API is made of. */
export async function registerApiRoutes(
  api: FastifyInstance,
  services: Services,
  checks: DependencyChecks,
  tmpDir: string,
): Promise<void> {
  await api.register(accountsRoutes(services));
  await api.register(siteRoutes(services.site, checks));
  await api.register(referenceRoutes(services.reference, services.curation));
  await api.register(photosRoutes(services.photos, services.uploads, tmpDir));
  await api.register(
    screeningRoutes({
      locks: services.locks,
      decisions: services.decisions,
      appeals: services.appeals,
      queue: services.screeningQueue,
      ownQueues: services.ownQueues,
    }),
  );
  await api.register(galleryRoutes(services.gallery));
  await api.register(airframesRoutes(services.airframeEdits, services.liveries));
  await api.register(airframePagesRoutes(services.airframePages));
  await api.register(pagesRoutes(services.pages, services.statistics));
  await api.register(messagesRoutes(services.messages));
  await api.register(reportsRoutes(services.reports));
  await api.register(sightingsRoutes(services.sightings));
  await api.register(collectionsRoutes(services.collections));
  await api.register(phonesRoutes(services.phones));
  await api.register(notificationsRoutes(services.notifications));
  await api.register(votesRoutes(services.votes));
  await api.register(potwRoutes(services.potw));
  await api.register(followsRoutes(services.follows));
  await api.register(publicApiRoutes(services.publicApi, services.limiter));
  await api.register(feedsRoutes(services.feeds));
  await api.register(manageRoutes(services.manage));
  await api.register(notamsRoutes(services.notams));
}

/**
 * What the site serves beside the API, at its root: the photos' renditions (`/img/…`), robots.txt and
 * the sitemaps, and the web app (public pages rendered on the server, every other page the shell).
 */
export async function registerSiteRoutes(app: FastifyInstance, services: Services, config: Config): Promise<void> {
  await app.register(imageRoutes(services.files));
  await app.register(sitemapRoutes(services.sitemaps, config.publicUrl));
  await registerWebApp(app, config, {
    pageMeta: (path, search) => services.pageMeta.pageMeta(path, search),
    feedOf: (path, search) => feedLinkOf(path, search, config.publicUrl),
    pageData: pageDataOf(services),
    underMaintenance: async () => (await services.site.status()).maintenance,
  });
}
