import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUser, userIdParams } from '../../../../contract/accounts.js';
import { errorBody } from '../../../../contract/errors.js';
import { siteStats, trendingResponse } from '../../../../contract/gallery.js';
import { monthParams, rankingsResponse, userStatistics } from '../../../../contract/statistics.js';
import { MESSAGES } from '../../../../contract/texts.js';
import { text, z } from '../../../../contract/zod.js';
import type { SitemapsService } from './sitemaps.service.js';
import type { PagesService } from './pages.service.js';
import type { StatisticsService } from './statistics.service.js';

const errors = { 400: errorBody, 404: errorBody, 503: errorBody };

export function pagesRoutes(pages: PagesService, statistics: StatisticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/site/stats', { schema: { tags: ['gallery'], response: { 200: siteStats, ...errors } } }, () => pages.siteStats());
    // 今日热门: the same for everyone, counted again each minute.
    app.get(
      '/photos/trending',
      { schema: { tags: ['gallery'], response: { 200: trendingResponse, ...errors } } },
      async (_req, reply) => {
        reply.header('Cache-Control', 'public, max-age=60');
        return pages.trending();
      },
    );
    app.get(
      '/users/:id',
      { schema: { tags: ['users'], params: userIdParams, response: { 200: publicUser, ...errors } } },
      (req) => pages.profile(req.params.id),
    );
    // Statistics (issue 39, item 6): public figures, the same for everyone, counted again every few minutes.
    app.get(
      '/users/:id/statistics',
      { schema: { tags: ['users'], params: userIdParams, response: { 200: userStatistics, ...errors } } },
      async (req, reply) => {
        reply.header('Cache-Control', 'public, max-age=300');
        return statistics.member(req.params.id);
      },
    );
    app.get(
      '/rankings/:month',
      { schema: { tags: ['gallery'], params: monthParams, response: { 200: rankingsResponse, ...errors } } },
      async (req, reply) => {
        reply.header('Cache-Control', 'public, max-age=600');
        return statistics.month(req.params.month);
      },
    );
  };
}

const XML = 'application/xml; charset=utf-8';
/** Crawlers come back daily at most; an hour's copy is fresh enough. */
const SITEMAP_CACHE = 'public, max-age=3600';

const sitemapParams = z.object({
  kind: z.enum(['photos', 'airframes', 'members']),
  n: z.coerce.number().int().min(1).max(100_000),
});
const registrationsQuery = z.object({ after: text(40).optional() });

/**
 * `/robots.txt` and the sitemaps at the site's root (issue 36): `/sitemap.xml` is the index, each file it
 * names is written out as it is read.
 */
export function sitemapRoutes(sitemaps: SitemapsService, publicUrl: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', SITEMAP_CACHE)
        .send(`User-agent: *\nDisallow: /api/\nDisallow: /manage\nDisallow: /screen/\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type(XML)
        .header('Cache-Control', SITEMAP_CACHE)
        .send(await sitemaps.index()),
    );
    const stream = async (reply: FastifyReply, parts: AsyncGenerator<string>) => {
      // The first part waits for the first page read: a database that is down answers 503 here.
      const first = await parts.next();
      const rest = async function* () {
        if (!first.done) yield first.value;
        yield* parts;
      };
      return reply.type(XML).header('Cache-Control', SITEMAP_CACHE).send(Readable.from(rest()));
    };
    app.get('/sitemaps/pages.xml', { schema: { hide: true } }, (_req, reply) => stream(reply, sitemaps.pages()));
    app.get('/sitemaps/registrations.xml', { schema: { hide: true, querystring: registrationsQuery } }, (req, reply) =>
      stream(reply, sitemaps.registrations(req.query.after ?? '')),
    );
    app.get('/sitemaps/:file', { schema: { hide: true } }, (req, reply) => {
      const m = /^(photos|airframes|members)-(\d{1,6})\.xml$/.exec((req.params as { file: string }).file);
      const parsed = m ? sitemapParams.safeParse({ kind: m[1], n: m[2] }) : null;
      if (!parsed?.success) return reply.status(404).send({ message: MESSAGES.notFound, code: 'NOT_FOUND' });
      return stream(reply, sitemaps.byId(parsed.data.kind, parsed.data.n));
    });
  };
}
