import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MESSAGES } from '../../../contract/texts.js';
import type { Config } from '../config.js';
import { within } from './outages.js';
import { runtimeConfigScript } from './security.js';

/**
 * Serves the built web app: hashed assets cached for a year (brotli or gzip made at build time, with
 * `Vary: Accept-Encoding`), every other GET path answered with
 * index.html carrying the runtime config (one build for every deployment, no extra request).
 * Without a build (API tests), unknown paths still answer JSON 404s.
 */
/** What a shared link to a page shows (title, description, picture), for pages that have their own. */
export interface PageMeta {
  title: string;
  description: string;
  image: string | null;
  /** The page's oEmbed answer (photo pages), advertised for forums and chats that embed links. */
  oembed?: string;
  /** The page's own address when its query says what it shows (a search); else its path's. */
  url?: string;
  /** The page's main picture as its `<img>` will ask for it: fetched with the HTML, before the app runs. */
  preload?: { srcset: string; sizes: string };
  /** Open Graph's type: `article` unless said (the home page is the `website`). */
  ogType?: 'website';
  /** The home page's hero, drawn by the server so that its preload is the image the page shows. */
  hero?: number;
}

/** A page's Atom feed, advertised to feed readers. */
export interface FeedLink {
  href: string;
  title: string;
}

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const feedTag = (feed: FeedLink | null) =>
  feed
    ? `<link rel="alternate" type="application/atom+xml" href="${escapeHtml(feed.href)}" title="${escapeHtml(feed.title)}">`
    : '';

/** index.html with a page's own `<title>` and description / Open Graph tags (crawlers run no script). */
function withMeta(html: string, meta: PageMeta | null, feed: FeedLink | null, url: string): string {
  if (!meta) return feed ? html.replace('</head>', () => `${feedTag(feed)}</head>`) : html;
  const tags = [
    feedTag(feed),
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.url ?? url)}">`,
    `<meta property="og:type" content="${meta.ogType ?? 'article'}">`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}">`] : []),
    ...(meta.preload
      ? [
          // No href: a browser that knows no imagesrcset would fetch a rendition its <img> may not take.
          `<link rel="preload" as="image" imagesrcset="${escapeHtml(meta.preload.srcset)}" ` +
            `imagesizes="${escapeHtml(meta.preload.sizes)}" fetchpriority="high">`,
        ]
      : []),
    ...(meta.hero === undefined ? [] : [`<meta name="contrail-hero" content="${meta.hero}">`]),
    ...(meta.oembed
      ? [
          `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(meta.oembed)}" title="${escapeHtml(meta.title)}">`,
        ]
      : []),
  ].join('');
  // Replacer functions, not strings: a `$&` or `` $` `` in a member's remark must stay text.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `${tags}</head>`);
}

/**
 * How long a page's HTML waits for its own tags. Past it (a database in trouble: its statements may
 * take up to DB_TIMEOUT_SECONDS) the plain page goes out, and the app says what is wrong itself.
 */
const META_WAIT_MS = 3_000;

export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  pageMeta: (path: string, search: string) => Promise<PageMeta | null> = async () => null,
  feedOf: (path: string, search: string) => FeedLink | null = () => null,
): Promise<void> {
  const indexPath = path.join(config.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  let indexHtml: string | null = null;
  if (hasBuild) {
    const { script } = runtimeConfigScript(config);
    indexHtml = fs.readFileSync(indexPath, 'utf8').replace('<!--runtime-config-->', `<script>${script}</script>`);
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      wildcard: true,
      // `npm run build` writes .br and .gz beside each asset; the best one the client accepts is sent.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }
  const sendIndex = (reply: FastifyReply, html = indexHtml) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  if (indexHtml)
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      sendIndex(
        reply,
        withMeta(indexHtml!, await within(pageMeta('/', ''), META_WAIT_MS, null), feedOf('/', ''), `${config.publicUrl}/`),
      ),
    );
  app.setNotFoundHandler((request, reply) => {
    const isPage = indexHtml && (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|assets)\//.test(request.url);
    if (!isPage) return reply.status(404).send({ message: MESSAGES.apiNotFound, code: 'NOT_FOUND' });
    // The query is everything after the first `?` (a `?` inside it is the query's own).
    const mark = request.url.indexOf('?');
    const path = mark === -1 ? request.url : request.url.slice(0, mark);
    const search = mark === -1 ? '' : request.url.slice(mark + 1);
    const feed = feedOf(path, search);
    return within(pageMeta(path, search), META_WAIT_MS, null).then((meta) =>
      sendIndex(reply, withMeta(indexHtml!, meta, feed, `${config.publicUrl}${path}`)),
    );
  });
}
