import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '../../../../contract/errors.js';
import { LEVELS } from '../../../../contract/limits.js';
import { idParams } from '../../../../contract/manage.js';
import { myPhone, phoneCodeRequest, phoneCodeSent, phoneVerifyRequest, revealedPhone } from '../../../../contract/phones.js';
import { userOf } from '../../http/auth.js';
import type { PhonesService } from './phones.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody, 503: errorBody };

/** A member's own phone (issue 38): ask for a code, confirm it, remove the number; an administrator's look at it whole. */
export function phonesRoutes(phones: PhonesService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['phones'];
    const member = { level: LEVELS.member };
    app.get('/user/me/phone', { config: member, schema: { tags, response: { 200: myPhone, ...errors } } }, (req) =>
      phones.mine(userOf(req)),
    );
    app.post(
      '/user/me/phone/code',
      { config: member, schema: { tags, body: phoneCodeRequest, response: { 200: phoneCodeSent, ...errors } } },
      (req) => phones.sendCode(userOf(req), req.body.phone, req.ip),
    );
    app.post(
      '/user/me/phone/verify',
      { config: member, schema: { tags, body: phoneVerifyRequest, response: { 200: messageBody, ...errors } } },
      (req) => phones.verify(userOf(req), req.body),
    );
    app.delete('/user/me/phone', { config: member, schema: { tags, response: { 200: messageBody, ...errors } } }, (req) =>
      phones.remove(userOf(req)),
    );
    app.post(
      '/admin/users/:id/phone',
      { config: { level: LEVELS.admin }, schema: { tags, params: idParams, response: { 200: revealedPhone, ...errors } } },
      (req) => phones.reveal(userOf(req), req.params.id),
    );
  };
}
