import { createHash } from 'node:crypto';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { LEVEL_HEADER } from '../../../contract/limits.js';
import type { RuntimeConfig } from '../../../contract/site.js';
import type { Config } from '../config.js';

/** Files served as they are, never counted against an address's ceiling. */
const STATIC_FILE = /^\/(?:assets|img)\/[^/?]+(?:\?|$)|^\/favicon\.svg(?:\?|$)/;

export function runtimeConfigOf(config: Config): RuntimeConfig {
  return {
    apiHostCN: config.apiHostCN,
    apiHostUS: config.apiHostUS,
    aboutUrl: config.aboutUrl,
    imageHost: config.imageHost,
    siteUrl: config.publicUrl,
  };
}

/** The inline script that hands runtime config to the web app, and its CSP hash. */
export function runtimeConfigScript(config: Config): { script: string; hash: string } {
  // JSON.stringify does not escape "<", so a "</script>" in a configured URL could close the tag.
  const json = JSON.stringify(runtimeConfigOf(config)).replace(/</g, '\\u003c');
  const script = `window.__CONTRAIL__=${json};`;
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  return { script, hash };
}

const origin = (url: string) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** What a page on any site may send to the open endpoints: conditional requests among them. */
const OPEN_REQUEST_HEADERS = 'Accept, Accept-Language, Cache-Control, If-Modified-Since, If-None-Match';

/**
 * Opens a plugin's routes to every origin: GET without credentials (a page elsewhere never rides on a
 * member's session), the named answer headers readable, and `paths` answer the preflight a browser
 * sends first when the page adds a header such as If-None-Match. When CORS_ORIGINS is set, its
 * plugin answers every preflight in its own hook; the headers written here on sending replace its
 * narrower ones for these routes.
 */
export function openToEveryOrigin(app: FastifyInstance, paths: string[], exposedHeaders: string): void {
  app.addHook('onSend', async (req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', exposedHeaders);
    reply.removeHeader('Access-Control-Allow-Credentials');
    if (req.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', 'GET, HEAD');
      reply.header('Access-Control-Allow-Headers', OPEN_REQUEST_HEADERS);
      reply.header('Access-Control-Max-Age', '86400');
    }
  });
  for (const path of paths) {
    app.options(path, { schema: { hide: true } }, async (_req, reply) => reply.status(204).header('Content-Length', '0').send());
  }
}

const API_HELMET = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const { hash } = runtimeConfigScript(config);
  const apiOrigins = [config.apiHostCN, config.apiHostUS].map(origin).filter((o): o is string => !!o);
  const imageOrigin = origin(config.imageHost);
  // The API's JSON is never a document: the headers only a page obeys (its CSP, framing, referrer, the
  // old browsers' switches) are left off it, about 500 bytes an answer (issue 37). What guards any
  // response stays: nosniff, the resource policy, HSTS.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.helmet === undefined) route.helmet = API_HELMET;
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", hash],
        // Ant Design writes its CSS-in-JS into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(imageOrigin ? [imageOrigin] : [])],
        connectSrc: ["'self'", ...apiOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      // The app on another API host reads the caller's level from every answer.
      exposedHeaders: [LEVEL_HEADER],
      maxAge: 600,
    });
  }
  // A coarse per-address ceiling for every route but the static files (the app's hashed assets and the
  // photos' renditions: one page asks for dozens, and many readers share an address behind a carrier's
  // NAT). The limits that must hold across processes (login, registration, password reset) are kept in
  // the database: see rate-limit.ts.
  await app.register(rateLimit, {
    max: config.requestsPerMinute,
    timeWindow: '1 minute',
    allowList: (req) => STATIC_FILE.test(req.url),
  });
}
