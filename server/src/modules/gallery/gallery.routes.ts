import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../../contract/zod.js';
import { errorBody } from '../../../../contract/errors.js';
import {
  cardSearchResponse,
  galleryQuery,
  likeResponse,
  relatedResponse,
  searchResponse,
  siteStats,
  userPhotosQuery,
} from '../../../../contract/gallery.js';
import { publicUser, userIdParams } from '../../../../contract/accounts.js';
import { LEVELS } from '../../../../contract/limits.js';
import { photoIdParams } from '../../../../contract/photos.js';
import { userOf } from '../../http/auth.js';
import { sendJson } from '../../http/errors.js';
import type { GalleryService } from './gallery.service.js';
import type { PageMetaService } from './page-meta.service.js';

/** A list of photos: full items, or compact cards with `view=card`. */
const listResponse = z.union([searchResponse, cardSearchResponse]);
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody };

export function galleryRoutes(gallery: GalleryService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['gallery'];
    // Search answers are cached as finished JSON: sent as they are, past the schema's serializer.
    app.get(
      '/photos',
      { schema: { tags, querystring: galleryQuery, response: { 200: listResponse, ...errors } } },
      async (req, reply) => sendJson(reply, await gallery.searchJson(req.query)),
    );
    app.get(
      '/users/:id/photos',
      { schema: { tags, params: photoIdParams, querystring: userPhotosQuery, response: { 200: listResponse, ...errors } } },
      async (req, reply) => sendJson(reply, await gallery.searchJson({ ...req.query, user: req.params.id, sort: 'accepted' })),
    );
    app.get(
      '/photos/:id/related',
      { schema: { tags, params: photoIdParams, response: { 200: relatedResponse, ...errors } } },
      (req) => gallery.related(req.params.id),
    );
    const member = { level: LEVELS.member };
    app.put(
      '/photos/:id/like',
      { config: member, schema: { tags, params: photoIdParams, response: { 200: likeResponse, ...errors } } },
      (req) => gallery.like(req.params.id, userOf(req), true),
    );
    app.delete(
      '/photos/:id/like',
      { config: member, schema: { tags, params: photoIdParams, response: { 200: likeResponse, ...errors } } },
      (req) => gallery.like(req.params.id, userOf(req), false),
    );
    app.get('/site/stats', { schema: { tags, response: { 200: siteStats, ...errors } } }, () => gallery.siteStats());
    app.get(
      '/users/:id',
      { schema: { tags: ['users'], params: userIdParams, response: { 200: publicUser, ...errors } } },
      (req) => gallery.profile(req.params.id),
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
