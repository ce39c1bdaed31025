import type { ErrorCode, FieldIssue } from '../../../contract/errors.js';
import { MESSAGES } from '../../../contract/texts.js';

// What any layer throws and asks about failures: the expected ones (answered with their status and a
// Chinese message) and a dependency that is down (answered 503 by the HTTP layer, retried by jobs).

/** An expected failure: answered with its status and Chinese message, never logged as a fault. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: FieldIssue[]) => new AppError(400, 'VALIDATION_FAILED', message, issues);
export const unauthenticated = (message: string) => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, issues?: FieldIssue[]) => new AppError(409, 'CONFLICT', message, issues);
export const tooManyRequests = (message: string) => new AppError(429, 'RATE_LIMITED', message);
/** A request the server understands but does not answer in that form (oEmbed's format=xml). */
export const notImplemented = (message: string) => new AppError(501, 'NOT_IMPLEMENTED', message);

/** Refused for now, not for good: the client is told when to try again (429 or 503 with Retry-After). */
export class RetryLaterError extends AppError {
  constructor(
    status: 429 | 503,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, status === 429 ? 'RATE_LIMITED' : 'BUSY', message);
  }
}

/** What the site needs besides itself; when one is down, requests that need it answer 503. */
export type Dependency = 'database' | 'storage' | 'disk';
export const DEPENDENCIES: readonly Dependency[] = ['database', 'storage', 'disk'];

/** Thrown by an adapter (the S3 storage) when the service behind it cannot be reached. */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    cause: unknown,
  ) {
    super(`${dependency} unavailable`, { cause });
  }
}

// node-postgres and the network: the server is gone, refuses, is restarting, or does not answer.
const DATABASE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled: statement_timeout
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
]);
const DATABASE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection terminated unexpectedly|Query read timeout|Client was closed|not queryable|the database system is (starting up|shutting down)/i;

/** The dependency an error says is unavailable, or null for any other error. */
export function dependencyOf(err: unknown): Dependency | null {
  if (err instanceof DependencyUnavailableError) return err.dependency;
  if (!(err instanceof Error)) return null;
  const code = String((err as { code?: unknown }).code ?? '');
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return 'disk';
  if (DATABASE_CODES.has(code) || code.startsWith('SQLITE_IOERR') || DATABASE_MESSAGES.test(err.message)) return 'database';
  return null;
}

/** A zod error's issues as the API's field issues: the one mapping (request schemas, the upload's facts). */
export function fieldIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldIssue[] {
  return issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
}
