import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the database layer knows of the request being served (app.ts opens one per request): the keys of
 * the inline jobs it enqueued (db/jobs-queue.ts), and, by being there at all, that someone is waiting,
 * so a PostgreSQL query waits for its answer only as long as a member would (db/database.ts).
 */
export interface RequestScope {
  jobs: Set<string>;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();
