import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  airframeIdParams,
  airframeResolveQuery,
  airframeResolveResponse,
  airframeResponse,
  airframesQuery,
  airframesResponse,
  liveryResponse,
  unlinkedResponse,
} from '../../../../contract/airframes.js';
import { errorBody } from '../../../../contract/errors.js';
import { fleetParams, fleetQuery, fleetResponse } from '../../../../contract/fleets.js';
import type { AirframePagesService } from './airframe-pages.service.js';
import { reference } from '../../policies/index.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody };

/** The pages of airframes and liveries (PRODUCT.md §11.2): an aircraft, a registration's aircraft, a livery. */
export function airframePagesRoutes(pages: AirframePagesService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['airframes'];
    app.get(
      '/airframes',
      { schema: { tags, querystring: airframesQuery, response: { 200: airframesResponse, ...errors } } },
      (req) => pages.list(req.query),
    );
    app.get(
      '/airframes/resolve',
      { schema: { tags, querystring: airframeResolveQuery, response: { 200: airframeResolveResponse, ...errors } } },
      (req) => pages.resolve(req.query),
    );
    app.get(
      '/airframes/unlinked',
      { config: { level: reference.editLevel }, schema: { tags, response: { 200: unlinkedResponse, ...errors } } },
      () => pages.unlinked(100),
    );
    app.get(
      '/airframes/:id',
      { schema: { tags, params: airframeIdParams, response: { 200: airframeResponse, ...errors } } },
      (req) => pages.airframe(req.params.id),
    );
    // Fleets (issue 39): an airline's aircraft now, and a type's.
    const fleet = { tags, params: fleetParams, querystring: fleetQuery, response: { 200: fleetResponse, ...errors } };
    app.get('/airlines/:id/fleet', { schema: fleet }, (req) => pages.fleets.fleet('airline', req.params.id, req.query));
    app.get('/aircraft-types/:id/fleet', { schema: fleet }, (req) => pages.fleets.fleet('type', req.params.id, req.query));
    app.get(
      '/liveries/:id',
      { schema: { tags, params: airframeIdParams, response: { 200: liveryResponse, ...errors } } },
      (req) => pages.livery(req.params.id),
    );
  };
}
