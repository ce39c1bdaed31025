import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../../contract/errors.js';
import { done } from '../../../../contract/manage.js';
import {
  pickPotwRequest,
  pickPotwResponse,
  potwCurrentResponse,
  potwListQuery,
  potwListResponse,
  potwWeekParams,
} from '../../../../contract/potw.js';
import { userOf } from '../../http/auth.js';
import type { PotwService } from './potw.service.js';
import { potw as policy } from '../../policies/index.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 503: errorBody };

export function potwRoutes(potw: PotwService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['photo of the week'];
    const senior = { level: policy.level };
    app.get('/potw/current', { schema: { tags, response: { 200: potwCurrentResponse, ...errors } } }, () => potw.current());
    app.get('/potw', { schema: { tags, querystring: potwListQuery, response: { 200: potwListResponse, ...errors } } }, (req) =>
      potw.archive(req.query, req.user),
    );
    app.get('/potw/upcoming', { config: senior, schema: { tags, response: { 200: potwListResponse, ...errors } } }, () =>
      potw.upcoming(),
    );
    app.post(
      '/potw',
      { config: senior, schema: { tags, body: pickPotwRequest, response: { 200: pickPotwResponse, ...errors } } },
      (req) => potw.pick(userOf(req), req.body),
    );
    app.delete(
      '/potw/:week',
      { config: senior, schema: { tags, params: potwWeekParams, response: { 200: done, ...errors } } },
      (req) => potw.remove(userOf(req), req.params.week),
    );
  };
}
