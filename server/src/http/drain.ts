import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../../contract/errors.js';
import { MESSAGES } from '../../../contract/texts.js';
import { sendJson } from './errors.js';

/** Seconds a client (or the load balancer) is told to wait before trying again while this process stops. */
export const RESTART_RETRY_AFTER_SECONDS = 5;

export interface Drain {
  readonly draining: boolean;
  /** From now on: new requests are refused, answers close their connections. */
  start(): void;
}

/**
 * A stopping process drains instead of dropping: requests already inside run to their answer, each
 * answer closes its connection (`Connection: close`, so a kept-alive client does not wait for the
 * keep-alive timeout), and a request arriving meanwhile on a kept-alive connection gets 503 in
 * Chinese with `Retry-After` (Fastify's own would be English). `/health` still answers: the process
 * is alive; `/ready` says it is not ready, so a load balancer sends nothing more.
 */
export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  app.addHook('onRequest', async (request, reply) => {
    if (!draining || request.url.startsWith('/api/v1/health')) return;
    void reply.header('Connection', 'close').header('Retry-After', String(RESTART_RETRY_AFTER_SECONDS));
    // Sent as finished JSON: the route's own 503 schema (/ready has one) is not this answer's.
    return sendJson(reply.status(503), JSON.stringify({ message: MESSAGES.restarting, code: 'BUSY' } satisfies ErrorBody));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) void reply.header('Connection', 'close');
    return payload;
  });
  return {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
    },
  };
}
