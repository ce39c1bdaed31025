import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../../contract/errors.js';
import { MESSAGES } from '../../../contract/texts.js';
import { JSON_BODY_LIMIT } from './body-limit.js';
import { OUTAGE_MESSAGES, OUTAGE_RETRY_AFTER_SECONDS, type Outages } from './outages.js';
import { AppError, dependencyOf, RetryLaterError } from '../shared/errors.js';

// Fastify's own error codes for bad input, mapped to our status + code + message.
const FASTIFY_CODES: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON', MESSAGES.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'INVALID_JSON', MESSAGES.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', MESSAGES.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'VALIDATION_FAILED', MESSAGES.invalidInput],
  FST_ERR_CTP_INVALID_TYPE: [400, 'VALIDATION_FAILED', MESSAGES.invalidInput],
  FST_ERR_VALIDATION: [400, 'VALIDATION_FAILED', MESSAGES.invalidInput],
};

export function registerErrorHandling(app: FastifyInstance, outages: Outages): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { message: MESSAGES.internal, code: 'INTERNAL' };
    try {
      [status, body] = describe(error);
    } catch (mappingError) {
      request.log.error({ err: mappingError }, 'error while mapping an error');
    }
    // A dependency that is down: the member is told what is wrong and when to try again; the outage is
    // logged once (Outages), not with a stack for every request that meets it.
    const dependency = body.code === 'INTERNAL' ? dependencyOf(error) : null;
    if (dependency) {
      outages.failed(dependency, error);
      [status, body] = [503, { message: OUTAGE_MESSAGES[dependency], code: 'UNAVAILABLE' }];
      void reply.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    } else if (body.code === 'INTERNAL') request.log.error({ err: error }, 'unexpected error');
    if (error instanceof RetryLaterError) void reply.header('Retry-After', String(error.retryAfterSeconds));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') await discardBody(request.raw);
    return reply.status(status).send(body);
  });
}

/**
 * A body over its route's limit (read from the contract, http/body-limit.ts) but within the server's
 * own: the rest is read and dropped unparsed, so a client still sending hears the 413 in Chinese rather
 * than a connection broken under it. Larger ones are cut off at once, as before. The wait is bounded by
 * the server's body timeouts, which end the connection.
 */
function discardBody(raw: IncomingMessage): Promise<void> {
  const declared = Number(raw.headers['content-length'] ?? 0);
  // A client already gone (closed before this handler ran) sends no more: nothing is left to wait for.
  if (raw.complete || raw.readableEnded || raw.destroyed || declared > JSON_BODY_LIMIT) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > JSON_BODY_LIMIT) finish();
    };
    const finish = () => {
      raw.off('data', onData).off('end', finish).off('error', finish).off('close', finish);
      resolve();
    };
    raw.on('data', onData).once('end', finish).once('error', finish).once('close', finish);
    raw.resume();
  });
}

function describe(error: FastifyError): [number, ErrorBody] {
  if (error instanceof AppError) {
    return [error.status, { message: error.message, code: error.code, ...(error.issues ? { issues: error.issues } : {}) }];
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: [
        ...(error.validationContext && error.validationContext !== 'body' ? [error.validationContext] : []),
        ...v.instancePath.split('/').filter(Boolean),
      ],
      message: v.message ?? MESSAGES.invalidInput,
    }));
    return [400, { message: issues[0]?.message ?? MESSAGES.invalidInput, code: 'VALIDATION_FAILED', issues }];
  }
  // PostgreSQL ended this transaction to break a deadlock or a serialization conflict with another one
  // (two merges of the same pair in opposite directions, say): the other change won; nothing was written.
  const sqlState = (error as { code?: unknown }).code;
  if (sqlState === '40P01' || sqlState === '40001') return [409, { message: MESSAGES.concurrentChange, code: 'CONFLICT' }];
  if (error.statusCode === 429) return [429, { message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' }];
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return [known[0], { message: known[2], code: known[1] }];
  // The static file server refuses a path with dot segments (`/assets/../x`) as forbidden; there is
  // nothing at such a path, and saying so is all a client needs to know.
  if (error.statusCode === 403) return [404, { message: MESSAGES.apiNotFound, code: 'NOT_FOUND' }];
  if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const code: ErrorCode = error.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED';
    return [error.statusCode, { message: error.statusCode === 413 ? MESSAGES.bodyTooLarge : MESSAGES.invalidInput, code }];
  }
  return [500, { message: MESSAGES.internal, code: 'INTERNAL' }];
}

const UNRESERVED = /%(2[Dd]|3[0-9]|[46][1-9A-Fa-f]|[57][0-9Aa]|5[Ff]|7[Ee])/g;

/**
 * One spelling per path before routing: an absolute-form target (`GET http://host/api/…`) becomes its
 * path, repeated slashes collapse, and percent-encoded unreserved characters (`%61` = `a`) are
 * decoded, as RFC 3986 §6.2.2.2 says they mean the same. Other escapes and the query stay as sent.
 */
export function canonicalPath(url: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  const target = absolute ? url.slice(absolute[0].length) || '/' : url;
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  const rest = q === -1 ? '' : target.slice(q);
  const clean = path.replace(UNRESERVED, (m) => String.fromCharCode(parseInt(m.slice(1), 16))).replace(/\/{2,}/g, '/');
  return (clean.startsWith('/') ? clean : `/${clean}`) + rest;
}

/** Errors Fastify raises before routing (a malformed URL, FST_ERR_BAD_URL) get the site's shape too. */
export function answerFrameworkError(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({ message: MESSAGES.invalidInput, code: 'VALIDATION_FAILED' } satisfies ErrorBody);
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers or URL over 16 KB, a request
 * that took too long to arrive, malformed HTTP): Fastify's default answers these in English; the
 * site's shape and Chinese instead. The connection is closed afterwards, as Node itself does.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body]: [number, string, ErrorBody] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', { message: MESSAGES.requestTimeout, code: 'TIMEOUT' }]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', { message: MESSAGES.headersTooLarge, code: 'HEADERS_TOO_LARGE' }]
        : [400, 'Bad Request', { message: MESSAGES.invalidInput, code: 'VALIDATION_FAILED' }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

/**
 * Sends JSON that was serialised (and checked against its schema) earlier — a cached answer — as it
 * is: Fastify passes a string with a JSON content type straight through, past the schema serializer.
 */
export function sendJson(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
