import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../../contract/zod.js';
import { errorBody } from '../../../../contract/errors.js';
import { LEVELS } from '../../../../contract/limits.js';
import {
  aircraftType,
  airline,
  airport,
  listOf,
  newAircraftType,
  newAirline,
  newAirport,
  refQuery,
} from '../../../../contract/reference.js';
import { userOf } from '../../http/auth.js';
import type { ReferenceService } from './reference.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody, 503: errorBody };
const added = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), item });

export function referenceRoutes(reference: ReferenceService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['reference'];
    app.get('/airports', { schema: { tags, querystring: refQuery, response: { 200: listOf(airport), ...errors } } }, (req) =>
      reference.searchAirports(req.query, req.user),
    );
    app.get('/airlines', { schema: { tags, querystring: refQuery, response: { 200: listOf(airline), ...errors } } }, (req) =>
      reference.searchAirlines(req.query, req.user),
    );
    app.get(
      '/aircraft-types',
      { schema: { tags, querystring: refQuery, response: { 200: listOf(aircraftType), ...errors } } },
      (req) => reference.searchAircraftTypes(req.query, req.user),
    );

    const level = { level: LEVELS.member };
    app.post(
      '/airports',
      { config: level, schema: { tags, body: newAirport, response: { 200: added(airport), ...errors } } },
      (req) => reference.addAirport(userOf(req), req.body),
    );
    app.post(
      '/airlines',
      { config: level, schema: { tags, body: newAirline, response: { 200: added(airline), ...errors } } },
      (req) => reference.addAirline(userOf(req), req.body),
    );
    app.post(
      '/aircraft-types',
      { config: level, schema: { tags, body: newAircraftType, response: { 200: added(aircraftType), ...errors } } },
      (req) => reference.addAircraftType(userOf(req), req.body),
    );
  };
}
