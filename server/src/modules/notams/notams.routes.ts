import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../../contract/errors.js';
import {
  currentNotamResponse,
  done,
  idParams,
  notamRequest,
  notamResponse,
  notamsResponse,
} from '../../../../contract/manage.js';
import { userOf } from '../../http/auth.js';
import type { NotamsService } from './notams.service.js';
import { members } from '../../policies/index.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody };

export function notamsRoutes(notams: NotamsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['notams'];
    const admin = { level: members.adminLevel };
    const params = idParams;
    app.get('/notams/current', { schema: { tags, response: { 200: currentNotamResponse, ...errors } } }, () => notams.current());
    app.get('/notams', { config: admin, schema: { tags, response: { 200: notamsResponse, ...errors } } }, () => notams.list());
    app.post(
      '/notams',
      { config: admin, schema: { tags, body: notamRequest, response: { 200: notamResponse, ...errors } } },
      (req) => notams.create(userOf(req), req.body),
    );
    app.put(
      '/notams/:id',
      { config: admin, schema: { tags, params, body: notamRequest, response: { 200: notamResponse, ...errors } } },
      (req) => notams.update(userOf(req), req.params.id, req.body),
    );
    app.delete('/notams/:id', { config: admin, schema: { tags, params, response: { 200: done, ...errors } } }, (req) =>
      notams.remove(userOf(req), req.params.id),
    );
  };
}
