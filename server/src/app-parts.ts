import type { FastifyInstance } from 'fastify';
import type { Services } from './app.js';
import type { Clock } from './clock.js';
import type { DatabaseHandle } from './db/database.js';
import type { Drain } from './http/drain.js';
import type { DependencyChecks } from './http/outages.js';
import type { RouteEntry } from './http/route-table.js';
import type { JobRunner } from './jobs/runner.js';
import type { MailTransport } from './mail/transport.js';
import type { PhotoStorage } from './media/storage.js';
import type { SmsTransport } from './sms/transport.js';

// What buildApp hands its callers (the server, the CLI, the tests) and what they may hand it.

export interface AppParts {
  app: FastifyInstance;
  routes: RouteEntry[];
  database: DatabaseHandle;
  services: Services;
  clock: Clock;
  mail: MailTransport;
  storage: PhotoStorage;
  drain: Drain;
  /** Asks the database, the photo storage and the disk whether they answer; the periodic check calls it. */
  checkDependencies: DependencyChecks['probe'];
  /** The job runner with every kind registered; the server starts it, tests run its due jobs. */
  jobs: JobRunner;
}

export interface BuildOptions {
  clock?: Clock;
  database?: DatabaseHandle;
  mail?: MailTransport;
  /** Where SMS goes instead of SMS_PROVIDER's (the tests keep what was sent). */
  sms?: SmsTransport;
  storage?: PhotoStorage;
  logger?: boolean;
}
