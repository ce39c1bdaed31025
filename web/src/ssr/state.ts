import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

export { STATE_ID } from '@contract/page-data';

/**
 * What the server's render leaves for hydration: the router's loader data and the query cache. A JSON
 * block, not a script: the page's CSP runs no inline script but the runtime config's.
 */
export interface PageState {
  router: HydrationState;
  queries: DehydratedState;
}

/** JSON safe inside `<script type="application/json">`: no `</script>` or `<!--` can end it. */
export const stateJson = (state: PageState) => JSON.stringify(state).replace(/</g, '\\u003c');

/** A query's error as JSON carries it: an ApiError's status, code and message. */
interface ErrorJson {
  status: number;
  code: string;
  message: string;
}

/** The queries' errors (a 404 the page shows as its own) as plain JSON. */
export function errorsToJson(state: DehydratedState, isApiError: (e: unknown) => e is ErrorJson): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => {
      const e = q.state.error;
      if (e === null || e === undefined) return q;
      const json = isApiError(e)
        ? { status: e.status, code: e.code, message: e.message }
        : { status: 500, code: 'UNKNOWN', message: '' };
      // Plain JSON in the error's place until the browser makes it an error again (errorsFromJson).
      return { ...q, state: { ...q.state, error: json as unknown as Error } };
    }),
  };
}

/** The queries' errors made again into the error the page's code tests for. */
export function errorsFromJson(state: DehydratedState, revive: (e: ErrorJson) => Error): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) =>
      q.state.error ? { ...q, state: { ...q.state, error: revive(q.state.error as unknown as ErrorJson) } } : q,
    ),
  };
}

/**
 * The cache's clocks left out of the HTML: the same data renders the same bytes (its ETag holds, and a
 * CDN's copy is the origin's). The browser counts the data fresh from the moment it shows it.
 */
export function withoutClocks(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => ({
      ...q,
      dehydratedAt: 0,
      state: { ...q.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
    })),
  };
}

/** The HTML's data as fresh as the page that shows it: read now. */
export function freshFrom(state: DehydratedState, now: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => ({
      ...q,
      dehydratedAt: now,
      state: {
        ...q.state,
        dataUpdatedAt: q.state.data === undefined ? 0 : now,
        errorUpdatedAt: q.state.error ? now : 0,
      },
    })),
  };
}

/** The queries the server met as a 404 (a gone photo): shown as such, not asked again as the page mounts. */
export const failedKeys = (state: DehydratedState) =>
  state.queries.filter((q) => q.state.status === 'error').map((q) => q.queryKey);
