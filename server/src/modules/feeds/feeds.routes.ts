import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectionParams } from '../../../../contract/collections.js';
import { z } from '../../../../contract/zod.js';
import { errorBody } from '../../../../contract/errors.js';
import { FEED_LIMITS, feedQuery } from '../../../../contract/feeds.js';
import { openToEveryOrigin } from '../../http/security.js';
import type { FeedAnswer, FeedsService } from './feeds.service.js';

const errors = { 400: errorBody, 404: errorBody, 503: errorBody };

/** Whether the reader's copy is current: its entity tag first (RFC 9110), else its date. */
function unchanged(headers: Record<string, string | string[] | undefined>, etag: string, lastModified: number): boolean {
  const tags = headers['if-none-match'];
  if (typeof tags === 'string') {
    return tags
      .slice(0, 2_000)
      .split(',')
      .some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');
  }
  const since = headers['if-modified-since'];
  if (typeof since === 'string' && since.length <= 100) {
    const at = Date.parse(since);
    return !Number.isNaN(at) && Math.floor(lastModified / 1000) <= Math.floor(at / 1000);
  }
  return false;
}

/** A feed with its validators; 304 to a reader whose copy is current. */
function sendFeed(headers: Parameters<typeof unchanged>[0], reply: FastifyReply, feed: FeedAnswer) {
  reply.header('ETag', feed.etag);
  reply.header('Last-Modified', new Date(feed.lastModified).toUTCString());
  reply.header('Cache-Control', `public, max-age=${FEED_LIMITS.maxAgeSeconds}`);
  if (unchanged(headers, feed.etag, feed.lastModified)) return reply.status(304).send(null);
  return reply.type('application/atom+xml; charset=utf-8').send(feed.xml);
}

/** `GET /feeds/photos?…`: Atom 1.0 for feed readers, open to every origin, 304 to a current copy. */
export function feedsRoutes(feeds: FeedsService): FastifyPluginAsyncZod {
  return async (app) => {
    // ETag readable: a page elsewhere asks again with If-None-Match.
    openToEveryOrigin(app, ['/feeds/photos'], 'ETag');
    app.get(
      '/feeds/photos',
      {
        schema: {
          tags: ['feeds'],
          description:
            'Atom 1.0（application/atom+xml）：最新通过审核的 30 张图片，可用与 /search 相同的筛选参数。支持 ETag / If-None-Match 与 Last-Modified / If-Modified-Since（304）。',
          querystring: feedQuery,
          response: { 200: z.string().describe('Atom 1.0 文档'), 304: z.null().describe('未变化'), ...errors },
        },
      },
      async (req, reply) => sendFeed(req.headers, reply, await feeds.photos(req.query)),
    );
    openToEveryOrigin(app, ['/feeds/collections/:id'], 'ETag');
    app.get(
      '/feeds/collections/:id',
      {
        schema: {
          tags: ['feeds'],
          description: 'Atom 1.0：一个公开收藏夹最近加入的 30 张图片；不公开的收藏夹为 404。',
          params: collectionParams,
          response: { 200: z.string().describe('Atom 1.0 文档'), 304: z.null().describe('未变化'), ...errors },
        },
      },
      async (req, reply) => sendFeed(req.headers, reply, await feeds.collection(req.params.id)),
    );
  };
}
