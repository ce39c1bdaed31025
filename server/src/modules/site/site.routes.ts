import { siteVerification, updateVerificationRequest } from '../../../../contract/phones.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../../contract/errors.js';
import {
  health,
  readiness,
  siteContact,
  siteFilings,
  siteStatus,
  updateContactRequest,
  updateFilingsRequest,
  updateSiteRequest,
} from '../../../../contract/site.js';
import type { DependencyChecks } from '../../http/outages.js';
import { MESSAGES } from '../../../../contract/texts.js';
import { userOf } from '../../http/auth.js';
import { workerSlot } from '../../shared/worker-slot.js';
import type { SiteService } from './site.service.js';
import { z } from '../../../../contract/zod.js';
import { members } from '../../policies/index.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 503: errorBody };

export function siteRoutes(site: SiteService, checks: DependencyChecks): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/site/status',
      { config: { duringMaintenance: true }, schema: { tags: ['site'], response: { 200: siteStatus } } },
      () => site.status(),
    );

    app.put(
      '/admin/site',
      {
        config: { level: members.adminLevel },
        schema: {
          tags: ['site'],
          body: updateSiteRequest,
          response: { 200: siteStatus.extend({ message: z.string() }), ...errors },
        },
      },
      async (req) => {
        const status = await site.setMaintenance(req.body.maintenance, req.body.message, userOf(req).id);
        return { ...status, message: MESSAGES.savedOk };
      },
    );

    // How to reach the team: read by /about and /AccountStop (a suspended member has no session).
    app.get(
      '/site/contact',
      { config: { duringMaintenance: true }, schema: { tags: ['site'], response: { 200: siteContact } } },
      () => site.contact(),
    );
    app.put(
      '/admin/site/contact',
      {
        config: { level: members.adminLevel },
        schema: {
          tags: ['site'],
          body: updateContactRequest,
          response: { 200: siteContact.extend({ message: z.string() }), ...errors },
        },
      },
      async (req) => ({ ...(await site.setContact(req.body.contact, userOf(req).id)), message: MESSAGES.savedOk }),
    );

    // The footer's filing numbers: every page's footer asks, during maintenance too.
    app.get(
      '/site/filings',
      { config: { duringMaintenance: true }, schema: { tags: ['site'], response: { 200: siteFilings } } },
      () => site.filings(),
    );
    app.put(
      '/admin/site/filings',
      {
        config: { level: members.adminLevel },
        schema: {
          tags: ['site'],
          body: updateFilingsRequest,
          response: { 200: siteFilings.extend({ message: z.string() }), ...errors },
        },
      },
      async (req) => ({ ...(await site.setFilings(req.body, userOf(req).id)), message: MESSAGES.savedOk }),
    );

    // 实名验证 (issue 38): whether publishing needs a verified phone.
    app.get(
      '/site/verification',
      { config: { duringMaintenance: true }, schema: { tags: ['site'], response: { 200: siteVerification } } },
      () => site.verification(),
    );
    app.put(
      '/admin/site/verification',
      {
        config: { level: members.adminLevel },
        schema: {
          tags: ['site'],
          body: updateVerificationRequest,
          response: { 200: siteVerification.extend({ message: z.string() }), ...errors },
        },
      },
      async (req) => ({ ...(await site.setVerification(req.body, userOf(req).id)), message: MESSAGES.savedOk }),
    );

    app.get(
      '/health',
      { config: { duringMaintenance: true, anyCaller: true }, schema: { tags: ['site'], response: { 200: health } } },
      async (_req, reply) => {
        // Liveness: alive as long as it answers (a restart would not bring a database back); the body
        // says which dependency is down, as last seen. Asking nothing keeps it as cheap as an answer gets.
        const up = checks.known();
        return reply.status(200).send({ ok: up.database && up.storage && up.disk, ...up, worker: workerSlot() });
      },
    );

    // For a load balancer: whether to send this process requests. A process that is stopping answers
    // 503 here at once (http/drain.ts), while /health still says it is alive.
    app.get(
      '/ready',
      {
        config: { duringMaintenance: true, anyCaller: true },
        schema: { tags: ['site'], response: { 200: readiness, 503: readiness } },
      },
      async (_req, reply) => {
        const up = await checks.probe();
        const ready = up.database && up.storage && up.disk;
        return reply.status(ready ? 200 : 503).send({ ready, ...up });
      },
    );
  };
}
