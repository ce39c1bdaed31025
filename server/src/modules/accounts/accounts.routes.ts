import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../../contract/zod.js';
import {
  deleteMeRequest,
  forgotRequest,
  loginRequest,
  meResponse,
  registerRequest,
  resetRequest,
  sessionResponse,
  updateMeRequest,
} from '../../../../contract/accounts.js';
import { errorBody, messageBody } from '../../../../contract/errors.js';
import { MESSAGES } from '../../../../contract/texts.js';
import { userOf } from '../../http/auth.js';
import type { AccountsService } from './accounts.service.js';
import type { PasswordResetService } from './password-reset.service.js';
import type { ProfileService } from './profile.service.js';
import type { SessionsService } from './sessions.service.js';

export interface Accounts {
  accounts: AccountsService;
  sessions: SessionsService;
  resets: PasswordResetService;
  profile: ProfileService;
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody, 503: errorBody };

export function accountsRoutes({ accounts, sessions, resets, profile }: Accounts): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/user/login',
      {
        config: { duringMaintenance: true },
        schema: { tags: ['accounts'], body: loginRequest, response: { 200: sessionResponse, ...errors } },
      },
      (req) => sessions.login(req.body.email, req.body.password, req.ip),
    );

    app.post(
      '/user/register',
      { schema: { tags: ['accounts'], body: registerRequest, response: { 200: sessionResponse, ...errors } } },
      (req) => sessions.register(req.body, req.ip),
    );

    app.post(
      '/user/logout',
      {
        config: { level: 0, duringMaintenance: true },
        schema: { tags: ['accounts'], response: { 200: messageBody, ...errors } },
      },
      async (req) => {
        await sessions.logout(userOf(req).sessionId);
        return { message: MESSAGES.logoutOk };
      },
    );

    app.get(
      '/user/me',
      { config: { level: 0 }, schema: { tags: ['accounts'], response: { 200: meResponse, ...errors } } },
      (req) => accounts.me(userOf(req).id),
    );

    app.put(
      '/user/me',
      {
        config: { level: 0 },
        schema: {
          tags: ['accounts'],
          body: updateMeRequest,
          response: { 200: z.object({ message: z.string(), me: meResponse }), ...errors },
        },
      },
      async (req) => profile.updateMe(userOf(req).id, req.body),
    );

    app.delete(
      '/user/me',
      { config: { level: 0 }, schema: { tags: ['accounts'], body: deleteMeRequest, response: { 200: messageBody, ...errors } } },
      async (req) => {
        await profile.deleteMe(userOf(req).id, req.body.password);
        return { message: MESSAGES.accountDeleted };
      },
    );

    app.post(
      '/user/password/forgot',
      { schema: { tags: ['accounts'], body: forgotRequest, response: { 200: messageBody, ...errors } } },
      async (req) => {
        await resets.requestPasswordReset(req.body.email, req.ip);
        return { message: MESSAGES.resetMailSent };
      },
    );

    app.post(
      '/user/password/reset',
      { schema: { tags: ['accounts'], body: resetRequest, response: { 200: messageBody, ...errors } } },
      async (req) => {
        await resets.resetPassword(req.body.token, req.body.password, req.ip);
        return { message: MESSAGES.resetOk };
      },
    );
  };
}
