import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '../../../../contract/errors.js';
import { LEVELS } from '../../../../contract/limits.js';
import {
  appealRequest,
  decisionRequest,
  decisionResponse,
  lockResponse,
  nextResponse,
  queueQuery,
  queueResponse,
  revokeRequest,
  screeningPhotoParams,
  screeningView,
  statsResponse,
} from '../../../../contract/screening.js';
import { userOf } from '../../http/auth.js';
import type { ScreeningService } from './screening.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 503: errorBody };

export function screeningRoutes(screening: ScreeningService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['screening'];
    const screener = { level: LEVELS.screener };
    const params = screeningPhotoParams;

    app.get(
      '/screening/queue',
      { config: screener, schema: { tags, querystring: queueQuery, response: { 200: queueResponse, ...errors } } },
      (req) => screening.queue(userOf(req), req.query),
    );
    app.post('/screening/next', { config: screener, schema: { tags, response: { 200: nextResponse, ...errors } } }, (req) =>
      screening.next(userOf(req)),
    );
    app.get('/screening/stats', { config: screener, schema: { tags, response: { 200: statsResponse, ...errors } } }, (req) =>
      screening.stats(userOf(req)),
    );
    app.get(
      '/screening/photos/:id',
      { config: screener, schema: { tags, params, response: { 200: screeningView, ...errors } } },
      (req) => screening.view(req.params.id, userOf(req)),
    );
    app.post(
      '/screening/photos/:id/lock',
      { config: screener, schema: { tags, params, response: { 200: lockResponse, ...errors } } },
      (req) => screening.takeLock(req.params.id, userOf(req)),
    );
    app.put(
      '/screening/photos/:id/lock',
      { config: screener, schema: { tags, params, response: { 200: lockResponse, ...errors } } },
      (req) => screening.renewLock(req.params.id, userOf(req)),
    );
    app.delete(
      '/screening/photos/:id/lock',
      { config: screener, schema: { tags, params, response: { 200: messageBody, ...errors } } },
      (req) => screening.releaseLock(req.params.id, userOf(req)),
    );
    app.post(
      '/screening/photos/:id/decision',
      { config: screener, schema: { tags, params, body: decisionRequest, response: { 200: decisionResponse, ...errors } } },
      (req) => screening.decide(req.params.id, userOf(req), req.body),
    );
    app.post(
      '/screening/photos/:id/revoke',
      {
        config: { level: LEVELS.senior },
        schema: { tags, params, body: revokeRequest, response: { 200: decisionResponse, ...errors } },
      },
      (req) => screening.revoke(req.params.id, userOf(req), req.body.message),
    );
    app.post(
      '/photos/:id/appeal',
      {
        config: { level: LEVELS.member },
        schema: { tags: ['photos'], params, body: appealRequest, response: { 200: messageBody, ...errors } },
      },
      (req) => screening.appeal(req.params.id, userOf(req), req.body.note),
    );
  };
}
