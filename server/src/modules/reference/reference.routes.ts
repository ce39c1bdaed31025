import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../../contract/zod.js';
import { errorBody } from '../../../../contract/errors.js';
import {
  aircraftType,
  airline,
  airport,
  countriesResponse,
  listOf,
  newAircraftType,
  newAirline,
  newAirport,
  referenceItems,
  refQuery,
} from '../../../../contract/reference.js';
import {
  done,
  idParams,
  mergeRequest,
  mergeResponse,
  pendingQuery,
  pendingSuggestions,
  reviewRequest,
} from '../../../../contract/manage.js';
import { userOf } from '../../http/auth.js';
import type { CurationService } from './curation.service.js';
import type { ReferenceService } from './reference.service.js';
import { readCountries } from './reference.import.js';
import { reference as policy } from '../../policies/index.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody, 503: errorBody };
const added = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), item });

export function referenceRoutes(reference: ReferenceService, curation: CurationService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['reference'];
    app.get('/airports', { schema: { tags, querystring: refQuery, response: { 200: listOf(airport), ...errors } } }, (req) =>
      reference.search('airports', req.query, req.user),
    );
    app.get('/airlines', { schema: { tags, querystring: refQuery, response: { 200: listOf(airline), ...errors } } }, (req) =>
      reference.search('airlines', req.query, req.user),
    );
    app.get(
      '/aircraft-types',
      { schema: { tags, querystring: refQuery, response: { 200: listOf(aircraftType), ...errors } } },
      (req) => reference.search('aircraft_types', req.query, req.user),
    );

    const level = { level: policy.suggestLevel };
    app.post(
      '/airports',
      { config: level, schema: { tags, body: newAirport, response: { 200: added(airport), ...errors } } },
      (req) => reference.add('airports', userOf(req), req.body),
    );
    app.post(
      '/airlines',
      { config: level, schema: { tags, body: newAirline, response: { 200: added(airline), ...errors } } },
      (req) => reference.add('airlines', userOf(req), req.body),
    );
    app.post(
      '/aircraft-types',
      { config: level, schema: { tags, body: newAircraftType, response: { 200: added(aircraftType), ...errors } } },
      (req) => reference.add('aircraft_types', userOf(req), req.body),
    );

    // Curation (level 1, PRODUCT.md §3.11).
    const screener = { level: policy.editLevel };
    const params = idParams;
    const withNotFound = { ...errors, 404: errorBody };
    app.put(
      '/airports/:id',
      { config: screener, schema: { tags, params, body: newAirport, response: { 200: added(airport), ...withNotFound } } },
      (req) => reference.edit('airports', userOf(req), req.params.id, req.body),
    );
    app.put(
      '/airlines/:id',
      { config: screener, schema: { tags, params, body: newAirline, response: { 200: added(airline), ...withNotFound } } },
      (req) => reference.edit('airlines', userOf(req), req.params.id, req.body),
    );
    app.put(
      '/aircraft-types/:id',
      {
        config: screener,
        schema: { tags, params, body: newAircraftType, response: { 200: added(aircraftType), ...withNotFound } },
      },
      (req) => reference.edit('aircraft_types', userOf(req), req.params.id, req.body),
    );
    const kinds = [
      ['airports', 'airports'],
      ['airlines', 'airlines'],
      ['aircraft-types', 'aircraft_types'],
    ] as const;
    for (const [path, kind] of kinds) {
      app.get(`/${path}/:id`, { schema: { tags, params, response: { 200: referenceItems[path], ...withNotFound } } }, (req) =>
        reference.one(kind, req.params.id, req.user),
      );
      app.delete(
        `/${path}/:id`,
        { config: screener, schema: { tags, params, response: { 200: done, ...withNotFound } } },
        (req) => curation.remove(userOf(req), kind, req.params.id),
      );
      app.post(
        `/${path}/:id/merge`,
        {
          config: screener,
          schema: {
            tags,
            params,
            body: mergeRequest,
            response: { 200: mergeResponse, ...withNotFound },
          },
        },
        (req) => curation.merge(userOf(req), kind, req.params.id, req.body.intoId),
      );
      app.post(
        `/${path}/:id/approve`,
        { config: screener, schema: { tags, params, response: { 200: done, ...withNotFound } } },
        (req) => curation.review(userOf(req), kind, req.params.id, true),
      );
      app.post(
        `/${path}/:id/reject`,
        { config: screener, schema: { tags, params, body: reviewRequest, response: { 200: done, ...withNotFound } } },
        (req) => curation.review(userOf(req), kind, req.params.id, false, req.body.reason),
      );
    }
    // Read once per process: the list ships with the airport data.
    let countries: { items: { code: string; name: string }[] } | null = null;
    app.get('/reference/countries', { schema: { tags, response: { 200: countriesResponse } } }, async (_req, reply) => {
      countries ??= { items: readCountries().map(({ code, name }) => ({ code, name })) };
      void reply.header('cache-control', 'public, max-age=86400');
      return countries;
    });
    app.get(
      '/reference/pending',
      {
        config: screener,
        schema: {
          tags,
          querystring: pendingQuery,
          response: { 200: pendingSuggestions, ...errors },
        },
      },
      (req) => curation.pending(req.query.limit),
    );
  };
}
