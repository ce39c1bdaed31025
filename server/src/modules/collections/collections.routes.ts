import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  collectionPage,
  collectionPageQuery,
  collectionParams,
  collectionPhotoParams,
  collectionResponse,
  collectionsQuery,
  collectionsResponse,
  collectionUpdate,
  newCollection,
} from '../../../../contract/collections.js';
import { errorBody, messageBody } from '../../../../contract/errors.js';
import { LEVELS } from '../../../../contract/limits.js';
import { userOf } from '../../http/auth.js';
import type { CollectionsService } from './collections.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 503: errorBody };

/** 收藏 (issue 39): members keep collections; a collection's page and a member's list are read by anyone allowed. */
export function collectionsRoutes(collections: CollectionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['collections'];
    const member = { level: LEVELS.member };
    // What a viewer may read depends on who asks: never kept by a shared cache.
    app.get(
      '/users/:id/collections',
      {
        schema: {
          tags,
          params: collectionParams,
          querystring: collectionsQuery,
          response: { 200: collectionsResponse, ...errors },
        },
      },
      async (req, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return collections.list(req.user, req.params.id, req.query);
      },
    );
    app.get(
      '/collections/:id',
      {
        schema: {
          tags,
          params: collectionParams,
          querystring: collectionPageQuery,
          response: { 200: collectionPage, ...errors },
        },
      },
      async (req, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return collections.page(req.user, req.params.id, req.query.cursor);
      },
    );
    app.post(
      '/collections',
      { config: member, schema: { tags, body: newCollection, response: { 200: collectionResponse, ...errors } } },
      (req) => collections.create(userOf(req), req.body),
    );
    app.put(
      '/collections/:id',
      {
        config: member,
        schema: { tags, params: collectionParams, body: collectionUpdate, response: { 200: collectionResponse, ...errors } },
      },
      (req) => collections.update(userOf(req), req.params.id, req.body),
    );
    app.delete(
      '/collections/:id',
      { config: member, schema: { tags, params: collectionParams, response: { 200: messageBody, ...errors } } },
      (req) => collections.remove(userOf(req), req.params.id),
    );
    app.put(
      '/collections/:id/photos/:photoId',
      { config: member, schema: { tags, params: collectionPhotoParams, response: { 200: messageBody, ...errors } } },
      (req) => collections.add(userOf(req), req.params.id, req.params.photoId),
    );
    app.delete(
      '/collections/:id/photos/:photoId',
      { config: member, schema: { tags, params: collectionPhotoParams, response: { 200: messageBody, ...errors } } },
      (req) => collections.drop(userOf(req), req.params.id, req.params.photoId),
    );
  };
}
