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
  trackerHexParams,
  trackerPhotosResponse,
  trackerQuery,
  trackerRegParams,
} from '../../../../contract/public-api.js';
import { tooManyRequests } from '../../shared/errors.js';
import type { Limiter } from '../../http/rate-limit.js';
import { openToEveryOrigin } from '../../http/security.js';
import type { PublicApiService } from './public-api.service.js';

const errors = { 400: errorBody, 404: errorBody, 429: errorBody, 503: errorBody };
const oembedErrors = { ...errors, 501: errorBody };
const QUOTA_HEADERS = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After';

/**
 * `GET /public/photos`, its trackers' forms (`/hex/{hex}`, `/reg/{reg}`) and `GET /oembed`: open to every origin (GET only, no credentials, preflights
 * answered), cached by browsers and proxies, and limited per address across processes with `RateLimit-*` headers.
 */
export function publicApiRoutes(api: PublicApiService, limiter: Limiter): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['public'];
    openToEveryOrigin(app, ['/public/photos', '/public/photos/hex/:hex', '/public/photos/reg/:reg', '/oembed'], QUOTA_HEADERS);
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
    /** The quota taken, then the answer; only a found answer is cached, a refusal is not kept by proxies. */
    const answered = async <T>(req: FastifyRequest, reply: FastifyReply, maxAge: number, answer: () => Promise<T>) => {
      await quota(req, reply);
      const found = await answer();
      reply.header('Cache-Control', `public, max-age=${maxAge}`);
      return found;
    };
    app.get(
      '/public/photos',
      { schema: { tags, querystring: publicPhotosQuery, response: { 200: publicPhotosResponse, ...errors } } },
      (req, reply) => answered(req, reply, 300, () => api.photosOf(req.query)),
    );
    // Planespotters' shape, for flight trackers (issue 39): the same quota, CORS, opt-out and caching.
    const tracker = { tags, response: { 200: trackerPhotosResponse, ...errors } };
    app.get(
      '/public/photos/hex/:hex',
      { schema: { ...tracker, params: trackerHexParams, querystring: trackerQuery } },
      (req, reply) => answered(req, reply, 300, () => api.trackerPhotosByHex(req.params.hex, req.query)),
    );
    app.get('/public/photos/reg/:reg', { schema: { ...tracker, params: trackerRegParams } }, (req, reply) =>
      answered(req, reply, 300, () => api.trackerPhotosByReg(req.params.reg)),
    );
    app.get(
      '/oembed',
      { schema: { tags, querystring: oembedQuery, response: { 200: oembedResponse, ...oembedErrors } } },
      (req, reply) => answered(req, reply, 3600, () => api.oembed(req.query)),
    );
  };
}
