import type { FastifyInstance } from 'fastify';

/**
 * An absent or empty JSON body means "no body", everywhere: `Content-Type: application/json` with
 * nothing after it (what some clients send for a bodiless POST or PUT) is not a JSON syntax error, and
 * a route whose body fields are all optional takes a request without one as `{}`. A route with
 * required fields still refuses it, naming each missing field.
 */
export function registerBodyParsing(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.length === 0 || (text.length < 64 && text.trim() === '')) return done(null, undefined);
    void parseJson(req, text, done);
  });
  app.addHook('preValidation', async (req) => {
    if (req.body === undefined && req.routeOptions.schema?.body) req.body = {};
  });
}
