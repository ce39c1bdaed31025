import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../../contract/errors.js';
import {
  followIdParams,
  followingQuery,
  followingResponse,
  followRequest,
  followResponse,
  followsResponse,
  followUpdate,
} from '../../../../contract/follows.js';
import { done } from '../../../../contract/manage.js';
import { LEVELS } from '../../../../contract/limits.js';
import { userOf } from '../../http/auth.js';
import type { FollowsService } from './follows.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 503: errorBody };

export function followsRoutes(follows: FollowsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['follows'];
    const member = { level: LEVELS.member };
    app.get('/follows', { config: member, schema: { tags, response: { 200: followsResponse, ...errors } } }, (req) =>
      follows.list(userOf(req)),
    );
    app.post(
      '/follows',
      { config: member, schema: { tags, body: followRequest, response: { 200: followResponse, ...errors } } },
      (req) => follows.follow(userOf(req), req.body),
    );
    app.put(
      '/follows/:id',
      {
        config: member,
        schema: { tags, params: followIdParams, body: followUpdate, response: { 200: followResponse, ...errors } },
      },
      (req) => follows.update(userOf(req), req.params.id, req.body),
    );
    app.delete(
      '/follows/:id',
      { config: member, schema: { tags, params: followIdParams, response: { 200: done, ...errors } } },
      (req) => follows.unfollow(userOf(req), req.params.id),
    );
    app.get(
      '/following',
      { config: member, schema: { tags, querystring: followingQuery, response: { 200: followingResponse, ...errors } } },
      (req) => follows.following(userOf(req), req.query),
    );
  };
}
