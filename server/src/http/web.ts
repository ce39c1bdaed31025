import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEMBER_COOKIE } from '../../../contract/limits.js';
import { STATE_ID, type PageData } from '../../../contract/page-data.js';
import { MESSAGES } from '../../../contract/texts.js';
import type { Config } from '../config.js';
import { dependencyOf } from '../shared/errors.js';
import { within } from './outages.js';
import { loadPageRenderer, type RenderedPage } from './ssr.js';
import { runtimeConfigOf, runtimeConfigScript } from './security.js';

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
  /** schema.org data about what the page shows (a photo: its creator, date, place and licence; breadcrumbs). */
  jsonLd?: object[];
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
    // WeChat and QQ read a shared link's card from these.
    `<meta itemprop="name" content="${escapeHtml(meta.title)}">`,
    `<meta itemprop="description" content="${escapeHtml(meta.description)}">`,
    ...(meta.image ? [`<meta itemprop="image" content="${escapeHtml(meta.image)}">`] : []),
    ...(meta.jsonLd ?? []).map(
      (data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`,
    ),
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
 * How long a page's HTML waits for its own tags and its render. Past it (a database in trouble: its
 * statements may take up to DB_TIMEOUT_SECONDS) the plain page goes out, and the app says what is
 * wrong itself.
 */
const META_WAIT_MS = 3_000;

/**
 * A rendered public page's caching (issue 36): the same HTML for every visitor (sessions live in the
 * browser), so a CDN or nginx may keep it a minute and serve it stale for ten while it asks again; a
 * withdrawn or corrected photo reaches the HTML within that minute (docs/decisions.md).
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/** The browser's hint that a session is stored (never a credential; web/src/lib/session.ts). */
const MEMBER_HINT = new RegExp(`(?:^|;\\s*)${MEMBER_COOKIE}=1(?:;|$)`);

/** If-None-Match names this tag (among others, or as a weak copy a compressing proxy made of it). */
const matches = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** The shell with a rendered page in it: its head's additions, the HTML in the root, the state after it. */
function withPage(html: string, page: RenderedPage, canonical: string): string {
  return html
    .replace('</head>', () => `<link rel="canonical" href="${escapeHtml(canonical)}">${page.head}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.html}</div><script type="application/json" id="${STATE_ID}">${page.state}</script>`,
    );
}

interface PageSources {
  /** A page's title, preview tags and JSON-LD. */
  pageMeta?: (path: string, search: string) => Promise<PageMeta | null>;
  /** The Atom feed a page advertises. */
  feedOf?: (path: string, search: string) => FeedLink | null;
  /** What the public pages are rendered from; with a server entry built, they are sent as HTML. */
  pageData?: PageData;
  /** Whether the site is under maintenance: pages are then the shell, whose app meets the API's 503 and says so. */
  underMaintenance?: () => Promise<boolean>;
}

/** A `.` or `..` segment of a path. */
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;

export async function registerWebApp(app: FastifyInstance, config: Config, sources: PageSources = {}): Promise<void> {
  const { pageMeta = async () => null, feedOf = () => null, underMaintenance = async () => false } = sources;
  const renderer = sources.pageData ? await loadPageRenderer(config.webDist, sources.pageData, runtimeConfigOf(config)) : null;
  const indexPath = path.join(config.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  let indexHtml: string | null = null;
  if (hasBuild) {
    const { script } = runtimeConfigScript(config);
    indexHtml = fs.readFileSync(indexPath, 'utf8').replace('<!--runtime-config-->', `<script>${script}</script>`);
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      // A route per built file, listed once at start: the wildcard route reads every folder of a path
      // on each request to check its spelling (4 ms an asset here, with hundreds of files in assets/).
      wildcard: false,
      globIgnore: ['**/*.br', '**/*.gz'],
      // `npm run build` writes .br and .gz beside each asset; the best one the client accepts is sent.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  /** A public page rendered on the server, else the shell (a route the browser renders, or a render that failed). */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, path: string, search: string) {
    const url = `${config.publicUrl}${path}`;
    const deadline = Date.now() + META_WAIT_MS;
    const meta = await within(pageMeta(path, search), META_WAIT_MS, null);
    const html = withMeta(indexHtml!, meta, feedOf(path, search), url);
    // The render has what is left of the wait (the home page's hero comes from its tags).
    const left = deadline - Date.now();
    // A member (the browser's hint) gets the app's shell: their pages are theirs from the first paint.
    const member = MEMBER_HINT.test(request.headers.cookie ?? '');
    const rendered =
      renderer && !member && left > 0 && !(await within(underMaintenance(), left, true))
        ? await within(
            renderer.render(search ? `${path}?${search}` : path, meta?.hero).catch((err: unknown) => {
              // A dependency down answers the shell, whose app says so; anything else is a fault to see.
              if (dependencyOf(err) === null) request.log.error({ err, path }, 'page render failed');
              return null;
            }),
            left,
            null,
          )
        : null;
    if (!rendered) {
      // A member's page that opens with a form names its chunk, to load beside the app's entry.
      const head = renderer?.shellHead(path) ?? '';
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', member ? 'private, no-cache' : 'no-cache')
        .send(head ? html.replace('</head>', () => `${head}</head>`) : html);
    }
    // A page with no title of its own (a guide) is named as the app names its tab.
    const titled =
      meta || !rendered.title
        ? html
        : html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title!)} · 航迹</title>`);
    const body = withPage(titled, rendered, meta?.url ?? url);
    const etag = etagOf(body);
    reply.type('text/html; charset=utf-8').header('Cache-Control', PAGE_CACHE_CONTROL).header('ETag', etag);
    if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.status(rendered.status).send(body);
  }

  if (indexHtml) app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/', ''));
  // Pages and unknown paths are counted against the per-address ceiling as routes are (security.ts):
  // without the static files' wildcard route, they reach this handler, which no route hook covers.
  const counted = app.hasDecorator('rateLimit') ? { preHandler: app.rateLimit() } : {};
  app.setNotFoundHandler(counted, (request, reply) => {
    // The query is everything after the first `?` (a `?` inside it is the query's own).
    const mark = request.url.indexOf('?');
    const path = mark === -1 ? request.url : request.url.slice(0, mark);
    const search = mark === -1 ? '' : request.url.slice(mark + 1);
    // A path with dot segments (`/img/../etc/passwd`, as a raw client sends it) names no page or file.
    const isPage =
      indexHtml &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|assets)\//.test(path) &&
      !DOT_SEGMENT.test(path);
    if (!isPage) return reply.status(404).send({ message: MESSAGES.apiNotFound, code: 'NOT_FOUND' });
    return sendPage(request, reply, path, search);
  });
}
