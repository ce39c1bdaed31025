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
import { rejectQueueResponse, uploadQueueResponse } from '../../../../contract/photos.js';
import type { AppealsService } from './appeals.service.js';
import type { DecisionsService } from './decisions.service.js';
import type { LocksService } from './locks.service.js';
import type { OwnQueuesService } from './own-queues.service.js';
import type { ScreeningQueueService } from './queue.service.js';
import { screening as policy } from '../../policies/index.js';

export interface Screening {
  locks: LocksService;
  decisions: DecisionsService;
  appeals: AppealsService;
  queue: ScreeningQueueService;
  ownQueues: OwnQueuesService;
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 503: errorBody };

export function screeningRoutes(screening: Screening): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['screening'];
    const screener = { level: policy.level };
    const params = screeningPhotoParams;

    app.get(
      '/screening/queue',
      { config: screener, schema: { tags, querystring: queueQuery, response: { 200: queueResponse, ...errors } } },
      (req) => screening.queue.queue(userOf(req), req.query),
    );
    app.post('/screening/next', { config: screener, schema: { tags, response: { 200: nextResponse, ...errors } } }, (req) =>
      screening.locks.next(userOf(req)),
    );
    app.get('/screening/stats', { config: screener, schema: { tags, response: { 200: statsResponse, ...errors } } }, (req) =>
      screening.queue.stats(userOf(req)),
    );
    app.get(
      '/screening/photos/:id',
      { config: screener, schema: { tags, params, response: { 200: screeningView, ...errors } } },
      (req) => screening.queue.view(req.params.id, userOf(req)),
    );
    app.post(
      '/screening/photos/:id/lock',
      { config: screener, schema: { tags, params, response: { 200: lockResponse, ...errors } } },
      (req) => screening.locks.take(req.params.id, userOf(req)),
    );
    app.put(
      '/screening/photos/:id/lock',
      { config: screener, schema: { tags, params, response: { 200: lockResponse, ...errors } } },
      (req) => screening.locks.renew(req.params.id, userOf(req)),
    );
    app.delete(
      '/screening/photos/:id/lock',
      { config: screener, schema: { tags, params, response: { 200: messageBody, ...errors } } },
      (req) => screening.locks.release(req.params.id, userOf(req)),
    );
    app.post(
      '/screening/photos/:id/decision',
      { config: screener, schema: { tags, params, body: decisionRequest, response: { 200: decisionResponse, ...errors } } },
      (req) => screening.decisions.decide(req.params.id, userOf(req), req.body),
    );
    app.post(
      '/screening/photos/:id/undo',
      { config: screener, schema: { tags, params, response: { 200: decisionResponse, ...errors } } },
      (req) => screening.decisions.undo(req.params.id, userOf(req)),
    );
    app.post(
      '/screening/photos/:id/revoke',
      {
        config: { level: policy.revokeLevel },
        schema: { tags, params, body: revokeRequest, response: { 200: decisionResponse, ...errors } },
      },
      (req) => screening.decisions.revoke(req.params.id, userOf(req), req.body.message),
    );
    app.post(
      '/photos/:id/appeal',
      {
        config: { level: LEVELS.member },
        schema: { tags: ['photos'], params, body: appealRequest, response: { 200: messageBody, ...errors } },
      },
      (req) => screening.appeals.appeal(req.params.id, userOf(req), req.body.note),
    );

    // A member's own photos in screening: where each waits, and the rejections with their reasons.
    const member = { level: LEVELS.member };
    app.get(
      '/queue/upload',
      { config: member, schema: { tags: ['photos'], response: { 200: uploadQueueResponse, ...errors } } },
      (req) => screening.ownQueues.uploadQueue(userOf(req)),
    );
    app.get(
      '/queue/reject',
      { config: member, schema: { tags: ['photos'], response: { 200: rejectQueueResponse, ...errors } } },
      (req) => screening.ownQueues.rejectQueue(userOf(req)),
    );
  };
}
