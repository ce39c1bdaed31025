import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../../contract/errors.js';
import { MESSAGES } from '../../../contract/texts.js';
import { sendJson } from './errors.js';

/** Seconds a client (or the load balancer) is told to wait before trying again while this process stops. */
export const RESTART_RETRY_AFTER_SECONDS = 5;

export interface Drain {
  readonly draining: boolean;
  /**
   * Stops taking connections and lets those open say their last: every answer from now on closes its
   * connection, and `/ready` fails. Resolves once no connection is left, or once `idleMs` pass
   * without an answer finishing.
   */
  start(idleMs: number): Promise<void>;
  /** From now on every request that still arrives is refused in Chinese (the process is closing). */
  refuseTheRest(): void;
}

/**
 * A stopping process drains instead of dropping, in two steps.
 *
 * 1. Draining: the listening socket closes (a new connection is refused, so a load balancer tries the
 *    next process, safely even for a POST: nothing was sent). Requests on connections already open are
 *    answered as usual, each answer with `Connection: close`, so a kept-alive client (nginx, a browser)
 *    opens its next connection elsewhere. Idle connections are *not* closed yet: a client may be writing
 *    a request onto one at that very moment, and nginx never sends a POST twice — closing it would lose
 *    an upload. nginx closes its idle upstream connections itself sooner (its `keepalive_timeout`, 2 s,
 *    is shorter than `idleMs`), so none is closed under it. `/ready` answers 503 from the first moment.
 * 2. Closing (once `idleMs` pass without an answer finishing, or no connection is left): idle
 *    connections still open are closed, and a request that arrives anyway is answered 503 in Chinese
 *    with `Retry-After` (Fastify's own would be English); requests inside still run to their answer.
 *    The grace main.ts enforces bounds both steps.
 *
 * `/health` answers throughout: the process is alive.
 */
export function registerDrain(app: FastifyInstance): Drain {
  let phase: 'serving' | 'draining' | 'closing' = 'serving';
  /** Restarts the idle window: set while draining. */
  let stillBusy: (() => void) | null = null;
  app.addHook('onRequest', async (request, reply) => {
    if (phase === 'serving' || request.url.startsWith('/api/v1/health')) return;
    if (phase === 'draining' && !request.url.startsWith('/api/v1/ready')) return;
    void reply.header('Connection', 'close').header('Retry-After', String(RESTART_RETRY_AFTER_SECONDS));
    // Sent as finished JSON: the route's own 503 schema (/ready has one) is not this answer's.
    return sendJson(reply.status(503), JSON.stringify({ message: MESSAGES.restarting, code: 'BUSY' } satisfies ErrorBody));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (phase !== 'serving') void reply.header('Connection', 'close');
    return payload;
  });
  // An answer that began before the drain (a long download) keeps its connection alive when it ends:
  // the idle window starts again then, so its client has the whole window to close it first.
  app.addHook('onResponse', async () => {
    stillBusy?.();
  });
  return {
    get draining() {
      return phase !== 'serving';
    },
    start(idleMs) {
      phase = 'draining';
      return new Promise((resolve) => {
        let timer = setTimeout(resolve, idleMs);
        stillBusy = () => {
          clearTimeout(timer);
          timer = setTimeout(resolve, idleMs);
        };
        // The listening socket alone: http.Server#close would also drop every idle connection at once.
        // Fastify's close (later) meets a server already closed and carries on.
        net.Server.prototype.close.call(app.server, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    refuseTheRest() {
      phase = 'closing';
      stillBusy = null;
    },
  };
}
