import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../../contract/errors.js';
import {
  ballotRequest,
  done,
  idParams,
  openVoteRequest,
  voteResponse,
  votesQuery,
  votesResponse,
} from '../../../../contract/manage.js';
import { userOf } from '../../http/auth.js';
import type { VotesService } from './votes.service.js';
import { votes as policy } from '../../policies/index.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 503: errorBody };

export function votesRoutes(votes: VotesService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['votes'];
    const screener = { level: policy.level };
    app.get(
      '/votes',
      { config: screener, schema: { tags, querystring: votesQuery, response: { 200: votesResponse, ...errors } } },
      (req) => votes.list(req.query, userOf(req)),
    );
    app.post(
      '/votes',
      { config: screener, schema: { tags, body: openVoteRequest, response: { 200: voteResponse, ...errors } } },
      (req) => votes.open(userOf(req), req.body),
    );
    app.post(
      '/votes/:id/ballot',
      { config: screener, schema: { tags, params: idParams, body: ballotRequest, response: { 200: voteResponse, ...errors } } },
      (req) => votes.ballot(userOf(req), req.params.id, req.body.value),
    );
    // Cancelling is for senior screeners (PRODUCT.md §3.12).
    app.delete(
      '/votes/:id',
      { config: { level: policy.cancelLevel }, schema: { tags, params: idParams, response: { 200: done, ...errors } } },
      (req) => votes.cancel(userOf(req), req.params.id),
    );
  };
}
