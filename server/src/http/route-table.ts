import type { FastifyInstance } from 'fastify';

/** One route of the API as registered, for tests generated from the route table. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The level the route requires; null when it is public. */
  level: number | null;
  body: unknown;
  querystring: unknown;
  params: unknown;
}

/** Collects every API route as it is registered (the authorization and hostile-input tests read them). */
export function collectRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || !route.url.startsWith('/api/')) continue;
      const schema = route.schema ?? {};
      routes.push({
        method,
        url: route.url,
        level: route.config?.level ?? null,
        body: schema.body,
        querystring: schema.querystring,
        params: schema.params,
      });
    }
  });
  return routes;
}
