import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '../../../../contract/errors.js';
import { LEVELS } from '../../../../contract/limits.js';
import { notificationsQuery, notificationsResponse, SCREENING_MESSAGES } from '../../../../contract/screening.js';
import { userOf } from '../../http/auth.js';
import type { NotificationsService } from './notifications.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 503: errorBody };

export function notificationsRoutes(notifications: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['notifications'];
    app.get(
      '/notifications',
      {
        config: { level: LEVELS.member },
        schema: { tags, querystring: notificationsQuery, response: { 200: notificationsResponse, ...errors } },
      },
      (req) => notifications.list(userOf(req).id, req.query.cursor, req.query.limit),
    );
    app.post(
      '/notifications/read',
      { config: { level: LEVELS.member }, schema: { tags, response: { 200: messageBody, ...errors } } },
      async (req) => {
        await notifications.markAllRead(userOf(req).id);
        return { message: SCREENING_MESSAGES.notificationsRead };
      },
    );
  };
}
