import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../../contract/errors.js';
import {
  adminUserDetail,
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
  done,
  failedJobsResponse,
  idParams,
  manageSummary,
  updateUserRequest,
} from '../../../../contract/manage.js';
import { userOf } from '../../http/auth.js';
import type { ManageService } from './manage.service.js';
import { members } from '../../policies/index.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 503: errorBody };

export function manageRoutes(manage: ManageService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['manage'];
    const admin = { level: members.adminLevel };
    const params = idParams;
    app.get(
      '/admin/users',
      { config: admin, schema: { tags, querystring: adminUsersQuery, response: { 200: adminUsersResponse, ...errors } } },
      (req) => manage.searchUsers(req.query.q),
    );
    app.get(
      '/admin/users/:id',
      { config: admin, schema: { tags, params, response: { 200: adminUserDetail, ...errors } } },
      (req) => manage.user(req.params.id),
    );
    app.put(
      '/admin/users/:id',
      { config: admin, schema: { tags, params, body: updateUserRequest, response: { 200: adminUserResponse, ...errors } } },
      (req) => manage.updateUser(userOf(req), req.params.id, req.body),
    );
    app.post(
      '/admin/users/:id/sessions/revoke',
      { config: admin, schema: { tags, params, response: { 200: done, ...errors } } },
      (req) => manage.revokeSessions(userOf(req), req.params.id),
    );
    app.get('/manage/jobs', { config: admin, schema: { tags, response: { 200: failedJobsResponse, ...errors } } }, () =>
      manage.failedJobs(),
    );
    app.post('/manage/jobs/:id/retry', { config: admin, schema: { tags, params, response: { 200: done, ...errors } } }, (req) =>
      manage.retryJob(userOf(req), req.params.id),
    );
    app.get(
      '/manage/summary',
      { config: { level: members.dashboardLevel }, schema: { tags, response: { 200: manageSummary, ...errors } } },
      (req) => manage.summary(userOf(req)),
    );
  };
}
