import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../../contract/zod.js';
import { errorBody, messageBody } from '../../../../contract/errors.js';
import { LEVELS } from '../../../../contract/limits.js';
import {
  importResponse,
  newSighting,
  sightingIdParams,
  sightingImport,
  sightingResponse,
  sightingsQuery,
  sightingsResponse,
  sightingsSummary,
  sightingUpdate,
} from '../../../../contract/sightings.js';
import { userOf } from '../../http/auth.js';
import type { SightingsService } from './sightings.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 503: errorBody };
const userParams = sightingIdParams;

/** 我的目击 (issue 39): members log, change, paste and export their sightings; a member's page reads them. */
export function sightingsRoutes(sightings: SightingsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sightings'];
    const member = { level: LEVELS.member };
    app.post(
      '/sightings',
      { config: member, schema: { tags, body: newSighting, response: { 200: sightingResponse, ...errors } } },
      (req) => sightings.log(userOf(req), req.body),
    );
    app.put(
      '/sightings/:id',
      {
        config: member,
        schema: { tags, params: sightingIdParams, body: sightingUpdate, response: { 200: sightingResponse, ...errors } },
      },
      (req) => sightings.update(userOf(req), req.params.id, req.body),
    );
    app.delete(
      '/sightings/:id',
      { config: member, schema: { tags, params: sightingIdParams, response: { 200: messageBody, ...errors } } },
      (req) => sightings.remove(userOf(req), req.params.id),
    );
    app.post(
      '/sightings/import',
      { config: member, schema: { tags, body: sightingImport, response: { 200: importResponse, ...errors } } },
      (req) => sightings.import(userOf(req), req.body),
    );
    app.get(
      '/user/me/sightings.csv',
      {
        config: member,
        schema: { tags, response: { 200: z.string().describe('CSV: registration,date,airport,note,public'), ...errors } },
      },
      async (req, reply) => {
        const csv = await sightings.exportCsv(userOf(req));
        reply.header('Content-Disposition', 'attachment; filename="sightings.csv"').header('Cache-Control', 'private, no-store');
        return reply.type('text/csv; charset=utf-8').send(`\uFEFF${csv}`);
      },
    );
    // What a viewer may read depends on who asks: never kept by a shared cache.
    app.get(
      '/users/:id/sightings',
      { schema: { tags, params: userParams, querystring: sightingsQuery, response: { 200: sightingsResponse, ...errors } } },
      async (req, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return sightings.list(req.user, req.params.id, req.query);
      },
    );
    app.get(
      '/users/:id/sightings/summary',
      { schema: { tags, params: userParams, response: { 200: sightingsSummary, ...errors } } },
      async (req, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return sightings.summary(req.user, req.params.id);
      },
    );
  };
}
