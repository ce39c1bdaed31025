import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUser, userIdParams } from '../../../../contract/accounts.js';
import { errorBody } from '../../../../contract/errors.js';
import { siteStats } from '../../../../contract/gallery.js';
import type { PageMetaService } from './page-meta.service.js';
import type { PagesService } from './pages.service.js';

const errors = { 400: errorBody, 404: errorBody, 503: errorBody };

export function pagesRoutes(pages: PagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/site/stats', { schema: { tags: ['gallery'], response: { 200: siteStats, ...errors } } }, () => pages.siteStats());
    app.get(
      '/users/:id',
      { schema: { tags: ['users'], params: userIdParams, response: { 200: publicUser, ...errors } } },
      (req) => pages.profile(req.params.id),
    );
  };
}

/** `/sitemap.xml` at the site's root, for search engines: accepted photos and their airframes. */
export function sitemapRoutes(pages: PageMetaService, publicUrl: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(await pages.sitemap(publicUrl)),
    );
  };
}
