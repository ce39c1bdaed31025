import { vi } from 'vitest';

/** One request the page made through the real fetch layer (lib/api.ts). */
export interface SentRequest {
  method: string;
  /** The path under /api/v1, without the query: `/photos/7`. */
  path: string;
  url: URL;
  body: unknown;
  /** The request's headers (Authorization among them). */
  headers: Headers;
}

/** A server answer: JSON with a status (200 unless said), or a Response as is. */
export type Answer = { status?: number; body?: unknown } | Response;
type Route = Answer | ((request: SentRequest) => Answer | Promise<Answer>);

/**
 * Stubs `globalThis.fetch` with the server's answers, by "METHOD /path" (the path under /api/v1,
 * without the query). A request nobody answers gets a 404 in the server's error shape and is kept
 * in `unanswered`, so a test sees what it forgot. Every request is kept in `sent`.
 */
export function stubApi(routes: Record<string, Route>) {
  const sent: SentRequest[] = [];
  const unanswered: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const request = { method, path, url, body, headers: new Headers(init.headers) };
    sent.push(request);
    const route = routes[`${method} ${path}`];
    if (!route) {
      unanswered.push(`${method} ${path}`);
      return json(404, { message: '未找到', code: 'NOT_FOUND' });
    }
    const answer = typeof route === 'function' ? await route(request) : route;
    return answer instanceof Response ? answer : json(answer.status ?? 200, answer.body ?? {});
  });
  vi.stubGlobal('fetch', fetch);
  return {
    sent,
    unanswered,
    /** The requests sent as "METHOD /path". */
    calls: (method?: string) => sent.filter((r) => !method || r.method === method).map((r) => `${r.method} ${r.path}`),
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
