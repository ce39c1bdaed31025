import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../../contract/zod.js';
import { errorBody } from '../../../../contract/errors.js';
import {
  cardSearchResponse,
  galleryQuery,
  likeResponse,
  relatedResponse,
  searchResponse,
  userPhotosQuery,
} from '../../../../contract/gallery.js';
import { LEVELS } from '../../../../contract/limits.js';
import { photoIdParams } from '../../../../contract/photos.js';
import { userOf } from '../../http/auth.js';
import { sendJson } from '../../http/errors.js';
import type { GalleryService } from './gallery.service.js';

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
  };
}
