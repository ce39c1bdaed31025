import fs from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { registerAuth } from './http/auth.js';
import { registerBodyParsing } from './http/body.js';
import { collectRoutes } from './http/route-table.js';
import { JSON_BODY_LIMIT, registerBodyLimits } from './http/body-limit.js';
import { registerDrain } from './http/drain.js';
import { dependencyChecks, Outages } from './http/outages.js';
import { answerClientError, answerFrameworkError, canonicalPath, registerErrorHandling } from './http/errors.js';
import { Limiter } from './http/rate-limit.js';
import { registerCompression } from './http/compression.js';
import { registerSecurity } from './http/security.js';
import { requestScope } from './db/request-scope.js';
import { jobKinds } from './jobs/kinds.js';
import { JobRunner } from './jobs/runner.js';
import { appMailTransport } from './mail/transport.js';
import { createStorage } from './media/storage.js';
import { EventHub } from './events.js';
import { registerApiRoutes, registerSiteRoutes } from './routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { AccountsAdminService } from './modules/accounts/admin.service.js';
import { PasswordResetService } from './modules/accounts/password-reset.service.js';
import { ProfileService } from './modules/accounts/profile.service.js';
import { SessionsService } from './modules/accounts/sessions.service.js';
import { AirframeEditsService } from './modules/airframes/airframe-edits.service.js';
import { AirframesService } from './modules/airframes/airframes.service.js';
import { LiveriesService } from './modules/airframes/liveries.service.js';
import { AuditService } from './modules/audit/audit.service.js';
import { AirframePagesService } from './modules/pages/airframe-pages.service.js';
import { PageMetaService } from './modules/pages/page-meta.service.js';
import { SitemapsService } from './modules/pages/sitemaps.service.js';
import { PagesService } from './modules/pages/pages.service.js';
import { StatisticsService } from './modules/pages/statistics.service.js';
import { GalleryService } from './modules/gallery/gallery.service.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { PhonesService } from './modules/phones/phones.service.js';
import { createSmsTransport, SmsLog } from './sms/transport.js';
import { ManageService } from './modules/manage/manage.service.js';
import { MessagesService } from './modules/messages/messages.service.js';
import { NotamsService } from './modules/notams/notams.service.js';
import { FollowFanout } from './modules/follows/fanout.service.js';
import { FollowsService } from './modules/follows/follows.service.js';
import { FeedsService } from './modules/feeds/feeds.service.js';
import { PotwService } from './modules/potw/potw.service.js';
import { PublicApiService } from './modules/public-api/public-api.service.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { PhotoLifecycle } from './modules/photos/lifecycle.service.js';
import { PhotoFiles } from './modules/photos/photo-files.js';
import { PhotosService } from './modules/photos/photos.service.js';
import { UploadService } from './modules/photos/upload.service.js';
import { ViewCounter } from './modules/photos/views.js';
import { CurationService } from './modules/reference/curation.service.js';
import { ReferenceService } from './modules/reference/reference.service.js';
import { AppealsService } from './modules/screening/appeals.service.js';
import { DecisionsService } from './modules/screening/decisions.service.js';
import { LocksService } from './modules/screening/locks.service.js';
import { OwnQueuesService } from './modules/screening/own-queues.service.js';
import { ScreeningQueueService } from './modules/screening/queue.service.js';
import { SiteService } from './modules/site/site.service.js';
import { VotesService } from './modules/votes/votes.service.js';
import { SightingsService } from './modules/sightings/sightings.service.js';
import { CollectionsService } from './modules/collections/collections.service.js';
import type { AppParts, BuildOptions } from './app-parts.js';
import { answerSerializer } from './http/serialize.js';

/** Where upload parts are streamed before processing: local to each machine, never shared. */
export const tmpDirOf = (config: Config) => path.join(config.dataDir, 'tmp');

/** Every service of the app, as buildServices wires them. */
export type Services = Awaited<ReturnType<typeof buildServices>>['services'];

export type { RouteEntry } from './http/route-table.js';

export type { AppParts, BuildOptions } from './app-parts.js';

/**
 * Wires services over the database; used by the server, the CLI and the tests alike. In one direction:
 * each service is built after everything it calls, and modules hear about each other only through the
 * event hub (events.ts), whose listeners each service registers as it is built.
 */
export async function buildServices(config: Config, opts: BuildOptions = {}) {
  const database = opts.database ?? openDatabase(config);
  await migrateToLatest(database.db);
  const clock = opts.clock ?? systemClock;
  const db = database.db;
  const events = new EventHub();
  const storage = opts.storage ?? (await createStorage(config));
  const audit = new AuditService(clock);
  const site = new SiteService(db, clock, audit, config.siteContact);
  const limiter = new Limiter(db, clock);
  const accounts = new AccountsService(database, clock, events, limiter);
  const accountsAdmin = new AccountsAdminService(db, clock, audit);
  const sessions = new SessionsService(db, clock, limiter, accounts, accountsAdmin, site);
  const resets = new PasswordResetService(db, clock, limiter, config.publicUrl);
  const profile = new ProfileService(db, clock, events, accounts, audit);
  const notifications = new NotificationsService(db, clock, accounts, config.publicUrl);
  const reference = new ReferenceService(db, clock, events, audit);
  const curation = new CurationService(db, events, reference, accounts, notifications, audit);
  const lifecycle = new PhotoLifecycle(clock, events);
  const files = new PhotoFiles(db, clock, storage);
  const views = new ViewCounter(database, clock);
  const airframes = new AirframesService(database, clock, events);
  const airframeEdits = new AirframeEditsService(database, clock, events, audit);
  const liveries = new LiveriesService(db, clock, reference, audit);
  const photos = new PhotosService(
    database,
    clock,
    events,
    lifecycle,
    files,
    views,
    reference,
    accounts,
    airframes,
    liveries,
    config.imageHost,
  );
  const uploads = new UploadService(database, clock, files, photos, airframes, accounts, {
    uploadLeaseMs: config.uploadLeaseMs,
    uploadsPerMember: config.uploadsPerMember,
    decodeQueue: config.decodeQueue,
  });
  const locks = new LocksService(db, clock, events);
  const appeals = new AppealsService(db, clock, events, lifecycle, locks, accounts);
  const decisions = new DecisionsService(db, clock, lifecycle, locks, photos, notifications, audit);
  const screeningQueue = new ScreeningQueueService(db, clock, locks, appeals, photos, accounts, reference, liveries);
  const ownQueues = new OwnQueuesService(db, clock, photos, appeals, accounts);
  const airframePages = new AirframePagesService(database, photos, accounts, reference, airframes, liveries);
  const gallery = new GalleryService(database, clock, events, photos, accounts, reference, screeningQueue, !config.production);
  const messages = new MessagesService(db, clock, limiter, config.publicUrl, sessions);
  const votes = new VotesService(db, clock, photos, notifications, audit);
  const potw = new PotwService(database, clock, events, photos, accounts, notifications, audit);
  const pages = new PagesService(db, clock, photos, accounts, reference, screeningQueue, gallery);
  const statistics = new StatisticsService(db, clock, photos, accounts);
  const pageMeta = new PageMetaService(db, photos, airframePages, gallery, potw, pages, config.publicUrl);
  const sitemaps = new SitemapsService(db, clock, config);
  const publicApi = new PublicApiService(db, photos, accounts, config.publicUrl);
  const follows = new FollowsService(database, clock, accounts, reference, photos);
  const collections = new CollectionsService(database, clock, photos, events);
  const feeds = new FeedsService(gallery, follows, accounts, collections, config.publicUrl, clock);
  const fanout = new FollowFanout(database, clock, events, gallery, reference, accounts, notifications, config.publicUrl);
  const notams = new NotamsService(db, clock, audit);
  const smsLog = new SmsLog();
  const sms = opts.sms ?? createSmsTransport(config.sms, smsLog);
  const phones = new PhonesService(database, clock, limiter, site, audit, sms, config.phoneAccountsPerNumber);
  const reports = new ReportsService(database, clock, events, limiter, lifecycle, notifications, audit, config.reportHideAfter);
  const sightings = new SightingsService(database, clock, events, reference);
  const manage = new ManageService(db, clock, accountsAdmin, photos, screeningQueue, curation, votes, reports, phones, audit);
  return {
    database,
    clock,
    storage,
    smsLog,
    services: {
      events,
      audit,
      accounts,
      accountsAdmin,
      sessions,
      resets,
      profile,
      site,
      reference,
      curation,
      notifications,
      airframes,
      airframeEdits,
      liveries,
      airframePages,
      pageMeta,
      sitemaps,
      pages,
      statistics,
      lifecycle,
      files,
      views,
      photos,
      uploads,
      locks,
      appeals,
      decisions,
      screeningQueue,
      ownQueues,
      gallery,
      messages,
      reports,
      sightings,
      collections,
      phones,
      votes,
      potw,
      follows,
      feeds,
      fanout,
      publicApi,
      limiter,
      manage,
      notams,
    },
  };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<AppParts> {
  const { database, clock, services, storage, smsLog } = await buildServices(config, opts);
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    // Every wait has a limit: a body that stops arriving (or a client that never sends one) ends its
    // connection after a silence, and no request may take longer than a slow upload needs. An upload
    // cut this way frees its member's upload slot and its part file at once (photos.routes.ts).
    connectionTimeout: config.bodyIdleMs,
    requestTimeout: config.requestTimeoutMs,
    rewriteUrl: (req) => canonicalPath(req.url ?? '/'),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A stopping process answers new requests itself, in Chinese (http/drain.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(config.production));
  // The job runner (its kinds registered below, once the mail transport exists). A request's inline
  // jobs (db/jobs-queue.ts) run after its transaction and before its answer: the screener who accepted
  // a photo finds it in a search at once; the loops retry any that fail here.
  const jobs = new JobRunner(database, clock, app.log);
  app.addHook('onRequest', (_request, _reply, done) => requestScope.run({ jobs: new Set() }, done));
  app.addHook('onSend', async () => {
    const keys = requestScope.getStore()?.jobs;
    if (keys?.size) await jobs.runKeys(keys).catch((err: unknown) => app.log.warn({ err }, 'inline jobs left to the runner'));
  });
  fs.mkdirSync(config.dataDir, { recursive: true });
  const outages = new Outages();
  outages.attach(app.log);
  registerErrorHandling(app, outages);
  registerBodyParsing(app);
  const drain = registerDrain(app);
  const checks = dependencyChecks(outages, {
    database: () => services.site.health(),
    storage: () => storage.check(),
    dataDir: config.dataDir,
    minFreeDiskBytes: config.minFreeDiskBytes,
  });
  const routes = collectRoutes(app);
  registerBodyLimits(app);
  await registerSecurity(app, config);
  registerCompression(app);
  await app.register(swagger, {
    openapi: { info: { title: '航迹 Contrail API', version: '1' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  app.decorateRequest('user', null);

  await app.register(
    async (api) => {
      registerAuth(api, {
        authenticate: (token) => services.sessions.authenticate(token),
        siteStatus: () => services.site.status(),
        mayPublish: (user) => services.phones.requireVerified(user),
      });
      await registerApiRoutes(api, services, checks, tmpDirOf(config));
      api.get('/openapi.json', { config: { duringMaintenance: true }, schema: { hide: true } }, () => app.swagger());
    },
    { prefix: '/api/v1' },
  );
  await registerSiteRoutes(app, services, config);

  const mail = opts.mail ?? appMailTransport(config, app.log);
  // After the last request in flight has been answered (Fastify closes the server first): the views
  // those requests counted are written, then the database goes.
  app.addHook('onClose', async () => {
    await services.views.flush().catch((err: unknown) => app.log.error({ err }, 'writing views failed'));
    mail.close?.();
    await database.destroy();
  });
  // SMS_PROVIDER=log: a code in the log, its number masked (the message is the code: never in production logs' reach otherwise).
  smsLog.write = (entry) => app.log.info(entry, 'sms (SMS_PROVIDER=log)');
  for (const kind of jobKinds(database, clock, mail, services)) jobs.register(kind);
  return { app, routes, database, services, clock, mail, storage, drain, checkDependencies: checks.probe, jobs };
}
