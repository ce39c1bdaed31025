import type { FastifyInstance } from 'fastify';
import { LEVEL_HEADER, LEVELS } from '../../../contract/limits.js';
import type { SiteStatus } from '../../../contract/site.js';
import { SHELL } from '../../../contract/texts.js';
import { AppError, forbidden, unauthenticated } from '../shared/errors.js';

/** The signed-in caller of a request, as the auth hook resolved it from the bearer token. */
export interface AuthUser {
  id: number;
  username: string;
  level: number;
  sessionId: number;
}

/** What the hook needs to know, supplied by the accounts and site services (http/ imports no module). */
export interface AuthSources {
  /** Null for an unknown, expired or revoked token; throws for a suspended account. */
  authenticate(token: string): Promise<AuthUser | null>;
  siteStatus(): Promise<SiteStatus>;
  /** Throws when this member may not publish now (实名验证 on, no verified phone: issue 38). */
  mayPublish(user: AuthUser): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The level a route requires (PRODUCT.md §1); absent = public. */
    level?: number;
    /** Answered even in maintenance mode (status, health, login). */
    duringMaintenance?: boolean;
    /**
     * Answered without asking who calls (the health checks): a load balancer's probe must get its own
     * answer at once, never wait on the database for a session it does not need.
     */
    anyCaller?: boolean;
    /**
     * A suspended account's token is not refused here (the suspension appeal): the route names its
     * caller itself, and `request.user` stays null.
     */
    suspendedMayCall?: boolean;
    /** The route publishes what others read (an upload, a message, a report): 实名验证 applies. */
    publishes?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The signed-in user of a route that declared `config.level`; the hook has already checked it. */
export function userOf(request: { user: AuthUser | null }): AuthUser {
  if (!request.user) throw unauthenticated(SHELL.loginFirst);
  return request.user;
}

/** The bearer token a request carries (at most 200 characters), or null. */
export function bearerToken(request: { headers: { authorization?: string | undefined } }): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

/**
 * One hook, in this order: who is calling (a suspended account is refused here, whatever the route
 * but the health checks), then maintenance mode (admins pass), then the route's level. Registered inside the API's scope, so
 * it runs for every route of the API however its path was spelt (`/%61pi/…`, `//api//…`): the
 * decision follows the route that matched, never the raw URL. `request.user` is declared on the root.
 */
export function registerAuth(api: FastifyInstance, sources: AuthSources): void {
  api.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.anyCaller) return;
    const token = config.suspendedMayCall ? null : bearerToken(request);
    if (token) request.user = await sources.authenticate(token);
    if (!config.duringMaintenance && (request.user?.level ?? -1) < LEVELS.admin) {
      const status = await sources.siteStatus();
      if (status.maintenance) throw new AppError(503, 'MAINTENANCE', status.maintenanceMessage);
    }
    if (config.level !== undefined) {
      if (!request.user) throw unauthenticated(SHELL.loginFirst);
      if (request.user.level < config.level) throw forbidden(SHELL.noPermission);
    }
    if (config.publishes && request.user) await sources.mayPublish(request.user);
  });
  // An answer that depends on who is signed in (a route for members, or any answer to a request that
  // names its caller: a photo says whether they liked it) is kept by no cache, the browser's included:
  // a shared computer or a proxy must not hand it to someone else. A route that made its answer
  // cacheable itself (the same for everyone: feeds, the open API, the countries) keeps its own.
  api.addHook('onSend', async (request, reply) => {
    // The level as the server knows it now: an app whose stored session says otherwise refreshes it.
    if (request.user) reply.header(LEVEL_HEADER, String(request.user.level));
    const personal =
      request.routeOptions.config.level !== undefined || request.user !== null || request.headers.authorization !== undefined;
    if (personal && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'private, no-store');
  });
}
