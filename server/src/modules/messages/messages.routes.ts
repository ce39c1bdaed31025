import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '../../../../contract/errors.js';
import { LEVELS } from '../../../../contract/limits.js';
import { messagesQuery, messagesResponse, newMessage, suspensionAppeal } from '../../../../contract/messages.js';
import { bearerToken, userOf } from '../../http/auth.js';
import type { MessagesService } from './messages.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody, 503: errorBody };

export function messagesRoutes(messages: MessagesService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['messages'];
    const member = { level: LEVELS.member };
    app.get(
      '/messages',
      { config: member, schema: { tags, querystring: messagesQuery, response: { 200: messagesResponse, ...errors } } },
      (req) => messages.inbox(userOf(req), req.query.cursor, req.query.limit),
    );
    app.post(
      '/messages',
      { config: { ...member, publishes: true }, schema: { tags, body: newMessage, response: { 200: messageBody, ...errors } } },
      (req) => messages.send(userOf(req), req.body),
    );
    // A suspended member's appeal: their token is not refused here (the service names them by it), and
    // it is taken in maintenance too (it only writes to the administrators).
    app.post(
      '/messages/appeal',
      {
        config: { suspendedMayCall: true, duringMaintenance: true },
        schema: { tags, body: suspensionAppeal, response: { 200: messageBody, ...errors } },
      },
      (req) => messages.appealSuspension(bearerToken(req), req.body, req.ip),
    );
    app.post('/messages/read', { config: member, schema: { tags, response: { 200: messageBody, ...errors } } }, (req) =>
      messages.markAllRead(userOf(req)),
    );
  };
}
