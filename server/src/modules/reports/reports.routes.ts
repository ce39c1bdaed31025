import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '../../../../contract/errors.js';
import { newReport, reportIdParams, reportsQuery, reportsResponse, resolveReport } from '../../../../contract/reports.js';
import { userOf } from '../../http/auth.js';
import { reports as policy } from '../../policies/index.js';
import type { ReportsService } from './reports.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody, 503: errorBody };

/** 举报 (issue 38): members report; screeners read the queue and decide. */
export function reportsRoutes(reports: ReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['reports'];
    app.post(
      '/reports',
      {
        config: { level: policy.level, publishes: true },
        schema: { tags, body: newReport, response: { 200: messageBody, ...errors } },
      },
      (req) => reports.report(userOf(req), req.body),
    );
    const handle = { level: policy.handleLevel };
    app.get(
      '/manage/reports',
      { config: handle, schema: { tags, querystring: reportsQuery, response: { 200: reportsResponse, ...errors } } },
      (req) => reports.queue(userOf(req), req.query.cursor),
    );
    app.post(
      '/manage/reports/:id/resolve',
      {
        config: handle,
        schema: { tags, params: reportIdParams, body: resolveReport, response: { 200: messageBody, ...errors } },
      },
      (req) => reports.resolve(userOf(req), req.params.id, req.body),
    );
  };
}
