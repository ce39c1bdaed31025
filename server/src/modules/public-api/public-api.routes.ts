import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../../contract/errors.js';
import {
  oembedQuery,
  oembedResponse,
  PUBLIC_API_LIMITS,
  PUBLIC_API_MESSAGES,
  publicPhotosQuery,
  publicPhotosResponse,
} from '../../../../contract/public-api.js';
import { tooManyRequests } from '../../shared/errors.js';
import type { Limiter } from '../../http/rate-limit.js';
import { openToEveryOrigin } from '../../http/security.js';
import type { PublicApiService } from './public-api.service.js';

const errors = { 400: errorBody, 404: errorBody, 429: errorBody, 503: errorBody };
const oembedErrors = { ...errors, 501: errorBody };
const QUOTA_HEADERS = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After';

/**
 * `GET /public/photos` and `GET /oembed`: open to every origin (GET only, no credentials, preflights
 * answered), cached by browsers and proxies, and limited per address across processes with `RateLimit-*` headers.
 */
export function publicApiRoutes(api: PublicApiService, limiter: Limiter): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['public'];
    openToEveryOrigin(app, ['/public/photos', '/oembed'], QUOTA_HEADERS);
    const quota = async (req: FastifyRequest, reply: FastifyReply) => {
      const q = await limiter.quota(`public-api:${req.ip}`, { max: PUBLIC_API_LIMITS.perMinute, windowMs: 60_000 });
      reply.header('RateLimit-Limit', q.limit);
      reply.header('RateLimit-Remaining', q.remaining);
      reply.header('RateLimit-Reset', q.resetSeconds);
      if (q.over) {
        reply.header('Retry-After', q.resetSeconds);
        throw tooManyRequests(PUBLIC_API_MESSAGES.tooMany);
      }
    };
    app.get(
      '/public/photos',
      { schema: { tags, querystring: publicPhotosQuery, response: { 200: publicPhotosResponse, ...errors } } },
      async (req, reply) => {
        await quota(req, reply);
        const answer = await api.photosOf(req.query);
        // Only a found answer is cached; a refusal is not kept by proxies.
        reply.header('Cache-Control', 'public, max-age=300');
        return answer;
      },
    );
    app.get(
      '/oembed',
      { schema: { tags, querystring: oembedQuery, response: { 200: oembedResponse, ...oembedErrors } } },
      async (req, reply) => {
        await quota(req, reply);
        const answer = await api.oembed(req.query);
        reply.header('Cache-Control', 'public, max-age=3600');
        return answer;
      },
    );
  };
}
