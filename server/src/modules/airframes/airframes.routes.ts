import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  airframeEdit,
  airframeIdParams,
  airframeMerge,
  airframePeriodEdit,
  airframePlace,
  airframeSplit,
  airframeWriteResponse,
  liveriesQuery,
  liveriesResponse,
  liveryCreate,
  liveryWriteResponse,
} from '../../../../contract/airframes.js';
import { errorBody } from '../../../../contract/errors.js';
import { userOf } from '../../http/auth.js';
import type { AirframeEditsService } from './airframe-edits.service.js';
import type { LiveriesService } from './liveries.service.js';
import { fleetImportBody, fleetImportResponse } from '../../../../contract/fleet-import.js';
import { reference } from '../../policies/index.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 503: errorBody };

/** Screeners' writes to airframes and liveries (PRODUCT.md §11.2), and the livery selector; the pages are the gallery's. */
export function airframesRoutes(airframes: AirframeEditsService, liveries: LiveriesService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['airframes'];
    const screener = { level: reference.editLevel };
    // An administrator's fleet list (issue 39): a dry run first, then the import, audited.
    app.post(
      '/admin/fleet-import',
      {
        config: { level: reference.importLevel },
        schema: { tags, body: fleetImportBody, response: { 200: fleetImportResponse, ...errors } },
      },
      (req) => airframes.fleetImport.run(req.body, userOf(req)),
    );
    app.put(
      '/airframes/:id',
      {
        config: screener,
        schema: { tags, params: airframeIdParams, body: airframeEdit, response: { 200: airframeWriteResponse, ...errors } },
      },
      (req) => airframes.edit(req.params.id, userOf(req), req.body),
    );
    app.post(
      '/airframes/:id/merge',
      {
        config: screener,
        schema: { tags, params: airframeIdParams, body: airframeMerge, response: { 200: airframeWriteResponse, ...errors } },
      },
      (req) => airframes.merge(req.params.id, req.body.intoId, userOf(req)),
    );
    app.post(
      '/airframes/:id/split',
      {
        config: screener,
        schema: { tags, params: airframeIdParams, body: airframeSplit, response: { 200: airframeWriteResponse, ...errors } },
      },
      (req) => airframes.split(req.params.id, req.body.photoIds, userOf(req)),
    );
    app.post(
      '/airframes/:id/photos',
      {
        config: screener,
        schema: { tags, params: airframeIdParams, body: airframePlace, response: { 200: airframeWriteResponse, ...errors } },
      },
      (req) => airframes.place(req.params.id, req.body.photoIds, userOf(req)),
    );
    app.put(
      '/airframes/:id/periods',
      {
        config: screener,
        schema: { tags, params: airframeIdParams, body: airframePeriodEdit, response: { 200: airframeWriteResponse, ...errors } },
      },
      (req) => airframes.editPeriod(req.params.id, userOf(req), req.body),
    );
    app.get(
      '/liveries',
      { schema: { tags, querystring: liveriesQuery, response: { 200: liveriesResponse, ...errors } } },
      async (req) => ({ items: await liveries.search(req.query.q, req.query.airline, req.query.limit) }),
    );
    app.post(
      '/liveries',
      { config: screener, schema: { tags, body: liveryCreate, response: { 200: liveryWriteResponse, ...errors } } },
      (req) => liveries.create(userOf(req), req.body),
    );
  };
}
