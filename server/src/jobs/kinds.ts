import type { Clock } from '../clock.js';
import type { DatabaseHandle } from '../db/database.js';
import { deleteStaleCounters } from '../http/rate-limit.repository.js';
import type { MailTransport } from '../mail/transport.js';
import type { Services } from '../app.js';
import { LINK_JOB } from '../modules/airframes/airframes.service.js';
import { INDEX_JOB } from '../modules/gallery/gallery.service.js';
import { mailJob } from './mail.js';
import type { JobKind } from './runner.js';
import { WALKERS } from './walkers.js';

/**
 * Every kind of background work, cluster-wide: each run is a job of the runner, so with several
 * processes each happens once. One-off kinds (a mail) are enqueued by the change that needs them;
 * recurring kinds keep one row that comes back after each run.
 */
export function jobKinds(database: DatabaseHandle, clock: Clock, transport: MailTransport, services: Services): JobKind<never>[] {
  const db = database.db;
  const every = (kind: string, everyMs: number, run: (signal: AbortSignal) => Promise<unknown>): JobKind<never> => ({
    kind,
    everyMs,
    run: async (_payload, { signal }) => void (await run(signal)),
  });
  return [
    mailJob(db, clock, transport) as JobKind<never>,
    // Enqueued by a change of a photo, run by the request that made it (db/jobs-queue.ts: inline).
    { kind: INDEX_JOB, run: async ({ photoId }: { photoId: number }) => services.gallery.indexPhoto(photoId) } as JobKind<never>,
    { kind: LINK_JOB, run: async ({ photoId }: { photoId: number }) => services.airframes.linkPhoto(photoId) } as JobKind<never>,
    every('sweep-uploads', 60_000, () => services.uploads.sweep()),
    every('purge-rejected', 3_600_000, () => services.files.purgeRejected()),
    every('screening-digests', 60_000, () => services.notifications.sendDigests()),
    every('close-votes', 60_000, () => services.votes.closeDueVotes()),
    // After a reference import: every accepted photo found by the new names, 5,000 a run.
    every(WALKERS.reindex, 30_000, (signal) => services.gallery.reindexAfterImport(10, signal)),
    // Photos accepted before airframes existed: linked in the order they were taken, 2,000 a run.
    every(WALKERS.airframeLink, 30_000, (signal) => services.airframes.linkOlderPhotos(20, signal)),
    // Followers of newly accepted photos told in batches of 1,000, up to 20 batches a run; nudged by
    // each acceptance, so the followers hear within a second or two.
    every(WALKERS.fanout, 5_000, (signal) => services.fanout.run(20, signal)),
    every('follow-digests', 300_000, () => services.fanout.sendDigests()),
    every('lift-suspensions', 60_000, () => services.accountsAdmin.liftEndedSuspensions()),
    // The query planner's statistics, where a table grew or shrank much (SQLite; db/database.ts).
    every('planner-statistics', 3_600_000, () => database.optimize()),
    every('clean-sessions', 3_600_000, async () => {
      await services.sessions.deleteDeadSessions();
      await services.locks.deleteExpired();
      await deleteStaleCounters(db, clock.now() - 86_400_000);
    }),
  ];
}
