import path from 'node:path';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { registerAuth } from './http/auth.js';
import { registerBodyParsing } from './http/body.js';
import { answerClientError, answerFrameworkError, canonicalPath, registerErrorHandling } from './http/errors.js';
import { Limiter } from './http/rate-limit.js';
import { registerCompression } from './http/compression.js';
import { registerSecurity } from './http/security.js';
import { registerWebApp } from './http/web.js';
import { createTransport, type MailTransport } from './mail/transport.js';
import { createStorage, type PhotoStorage } from './media/storage.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { AuditService } from './modules/audit/audit.service.js';
import { imageRoutes, photosRoutes } from './modules/photos/photos.routes.js';
import { PhotosService } from './modules/photos/photos.service.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { PhotoLifecycle } from './modules/screening/lifecycle.service.js';
import { GalleryIndex } from './modules/gallery/search-index.service.js';
import { galleryRoutes, sitemapRoutes } from './modules/gallery/gallery.routes.js';
import { GalleryService } from './modules/gallery/gallery.service.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { MessagesService } from './modules/messages/messages.service.js';
import { screeningRoutes } from './modules/screening/screening.routes.js';
import { ScreeningService } from './modules/screening/screening.service.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { ReferenceService } from './modules/reference/reference.service.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { SiteService } from './modules/site/site.service.js';
import { votesRoutes } from './modules/votes/votes.routes.js';
import { manageRoutes } from './modules/manage/manage.routes.js';
import { notamsRoutes } from './modules/notams/notams.routes.js';
import { NotamsService } from './modules/notams/notams.service.js';
import { ManageService } from './modules/manage/manage.service.js';
import { VotesService } from './modules/votes/votes.service.js';

/** Where upload parts are streamed before processing: local to each machine, never shared. */
export const tmpDirOf = (config: Config) => path.join(config.dataDir, 'tmp');

export interface Services {
  audit: AuditService;
  accounts: AccountsService;
  site: SiteService;
  reference: ReferenceService;
  photos: PhotosService;
  lifecycle: PhotoLifecycle;
  notifications: NotificationsService;
  screening: ScreeningService;
  gallery: GalleryService;
  messages: MessagesService;
  votes: VotesService;
  manage: ManageService;
  notams: NotamsService;
}

/** One route of the API as registered, for tests generated from the route table. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The level the route requires; null when it is public. */
  level: number | null;
  body: unknown;
  querystring: unknown;
  params: unknown;
}

export interface AppParts {
  app: FastifyInstance;
  routes: RouteEntry[];
  database: DatabaseHandle;
  services: Services;
  clock: Clock;
  mail: MailTransport;
  storage: PhotoStorage;
}

export interface BuildOptions {
  clock?: Clock;
  database?: DatabaseHandle;
  mail?: MailTransport;
  storage?: PhotoStorage;
  logger?: boolean;
}

/** Wires services over the database; used by the server, the CLI and the tests alike. */
export async function buildServices(config: Config, opts: BuildOptions = {}) {
  const database = opts.database ?? openDatabase(config);
  await migrateToLatest(database.db);
  const clock = opts.clock ?? systemClock;
  const audit = new AuditService(clock);
  const site = new SiteService(database.db, audit);
  const limiter = new Limiter(database.db, clock);
  const accounts = new AccountsService(database, clock, limiter, site, audit, config.publicUrl);
  const reference = new ReferenceService(database.db, clock);
  const storage = opts.storage ?? createStorage(config);
  const galleryIndex = new GalleryIndex(database, reference);
  accounts.onRenamed((trx, userId) => galleryIndex.syncUploader(trx, userId));
  const lifecycle = new PhotoLifecycle(database.db, clock, galleryIndex);
  const photos = new PhotosService(database, clock, storage, reference, accounts, lifecycle, {
    imageHost: config.imageHost,
    uploadLeaseMs: config.uploadLeaseMs,
    uploadsPerMember: config.uploadsPerMember,
    decodeQueue: config.decodeQueue,
  });
  accounts.onAccountDeleted((trx, userId) => photos.takeDownAllOf(trx, userId));
  const notifications = new NotificationsService(database.db, clock, accounts, config.publicUrl);
  const messages = new MessagesService(database.db, clock, limiter, config.publicUrl);
  reference.link(
    {
      movePhotos: async (trx, column, fromId, intoId) => {
        const ids = await photos.movePhotoReference(trx, column, fromId, intoId);
        await galleryIndex.syncMany(trx, ids);
        return ids.length;
      },
      countPhotos: async (trx, column, id) => (await photos.photoIdsNaming(trx, column, id)).length,
      reindexPhotos: async (trx, column, id) => galleryIndex.syncMany(trx, await photos.photoIdsNaming(trx, column, id)),
      moveHomeAirports: (trx, fromId, intoId) => accounts.moveHomeAirports(trx, fromId, intoId),
      usernames: (ids) => accounts.usernames(ids),
      notifySuggester: (trx, userId, approved, title, body) =>
        notifications.notify(trx, {
          userId,
          kind: approved ? 'suggestion-approved' : 'suggestion-rejected',
          photoId: null,
          title,
          body,
        }),
    },
    audit,
  );
  const screening = new ScreeningService(database.db, clock, photos, lifecycle, notifications, accounts, audit);
  const gallery = new GalleryService(database, clock, photos, accounts, reference, screening, config.publicUrl);
  galleryIndex.onChange(() => gallery.changed());
  const votes = new VotesService(database.db, clock, photos, notifications, galleryIndex, audit);
  const notams = new NotamsService(database.db, clock, audit);
  const manage = new ManageService(database.db, clock, accounts, photos, screening, reference, votes, audit);
  return {
    database,
    clock,
    storage,
    services: {
      audit,
      accounts,
      site,
      reference,
      photos,
      lifecycle,
      notifications,
      screening,
      gallery,
      messages,
      votes,
      manage,
      notams,
    } satisfies Services,
  };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<AppParts> {
  const { database, clock, services, storage } = await buildServices(config, opts);
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    rewriteUrl: (req) => canonicalPath(req.url ?? '/'),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerBodyParsing(app);
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || !route.url.startsWith('/api/')) continue;
      const schema = route.schema ?? {};
      routes.push({
        method,
        url: route.url,
        level: route.config?.level ?? null,
        body: schema.body,
        querystring: schema.querystring,
        params: schema.params,
      });
    }
  });
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
        authenticate: (token) => services.accounts.authenticate(token),
        siteStatus: () => services.site.status(),
      });
      await api.register(accountsRoutes(services.accounts));
      await api.register(siteRoutes(services.site));
      await api.register(referenceRoutes(services.reference));
      await api.register(photosRoutes(services.photos, tmpDirOf(config)));
      await api.register(screeningRoutes(services.screening));
      await api.register(galleryRoutes(services.gallery));
      await api.register(messagesRoutes(services.messages));
      await api.register(notificationsRoutes(services.notifications));
      await api.register(votesRoutes(services.votes));
      await api.register(manageRoutes(services.manage));
      await api.register(notamsRoutes(services.notams));
      api.get('/openapi.json', { config: { duringMaintenance: true }, schema: { hide: true } }, () => app.swagger());
    },
    { prefix: '/api/v1' },
  );
  await app.register(imageRoutes(services.photos));
  await app.register(sitemapRoutes(services.gallery, config.publicUrl));
  await registerWebApp(app, config, (path) => services.gallery.pageMeta(path));

  const mail =
    opts.mail ??
    createTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      // A mail's body holds live links (password reset): logged only outside production.
      log: (m) =>
        app.log.info({ to: m.to, subject: m.subject, ...(config.production ? {} : { body: m.body }) }, 'mail (no SMTP_URL set)'),
    });
  app.addHook('onClose', async () => {
    await database.destroy();
  });
  return { app, routes, database, services, clock, mail, storage };
}
