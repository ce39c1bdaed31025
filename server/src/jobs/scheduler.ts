import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { DatabaseHandle, Db } from '../db/database.js';
import { deleteStaleCounters } from '../http/rate-limit.repository.js';
import { cleanTmpDir } from '../media/tmp-files.js';
import { claimDueMails, markMailFailed, markMailSent } from '../mail/outbox.js';
import type { MailTransport } from '../mail/transport.js';
import type { Services } from '../app.js';
import { claimJob } from './jobs.repository.js';

export interface Job {
  name: string;
  everyMs: number;
  /** `stopping` is aborted when the process stops: a run in batches ends after the batch it is in. */
  run(stopping: AbortSignal): Promise<void>;
}

/**
 * Sends due mails; a failed send is retried with exponential backoff (1 min … 6 h). Once `stop` is
 * aborted no further mail is sent: the ones claimed and not sent go out after their claim lapses.
 */
export async function sendOutbox(db: Db, clock: Clock, transport: MailTransport, stop?: AbortSignal): Promise<number> {
  const mails = await claimDueMails(db, clock.now(), 20, 5 * 60_000);
  for (const m of mails) {
    if (stop?.aborted) break;
    try {
      await transport.send({ to: m.to_address, subject: m.subject, body: m.body });
      await markMailSent(db, m.id, clock.now());
    } catch (err) {
      const attempts = m.attempts + 1;
      const delay = Math.min(60_000 * 2 ** (attempts - 1), 6 * 3_600_000);
      await markMailFailed(db, m.id, attempts, clock.now() + delay, String(err));
    }
  }
  return mails.length;
}

/** Cluster-wide jobs: each run is claimed in the database, so one process does it. */
export function defaultJobs(database: DatabaseHandle, clock: Clock, transport: MailTransport, services: Services): Job[] {
  const db = database.db;
  return [
    { name: 'sweep-uploads', everyMs: 60_000, run: async () => void (await services.uploads.sweep()) },
    { name: 'purge-rejected', everyMs: 3_600_000, run: async () => void (await services.files.purgeRejected()) },
    { name: 'outbox', everyMs: 5_000, run: async (stopping) => void (await sendOutbox(db, clock, transport, stopping)) },
    { name: 'screening-digests', everyMs: 60_000, run: async () => void (await services.notifications.sendDigests()) },
    { name: 'close-votes', everyMs: 60_000, run: async () => void (await services.votes.closeDueVotes()) },
    // After a reference import: every accepted photo found by the new names, 5,000 a run.
    {
      name: 'search-reindex',
      everyMs: 30_000,
      run: async (stopping) => void (await services.gallery.reindexAfterImport(10, stopping)),
    },
    // Photos accepted before airframes existed: linked in the order they were taken, 2,000 a run.
    {
      name: 'airframe-link',
      everyMs: 30_000,
      run: async (stopping) => void (await services.airframes.linkOlderPhotos(20, stopping)),
    },
    // Followers of newly accepted photos told in batches of 1,000, up to 20 batches a run.
    { name: 'follow-fanout', everyMs: 5_000, run: async (stopping) => void (await services.fanout.run(20, stopping)) },
    { name: 'follow-digests', everyMs: 300_000, run: async () => void (await services.fanout.sendDigests()) },
    { name: 'lift-suspensions', everyMs: 60_000, run: async () => void (await services.accountsAdmin.liftEndedSuspensions()) },
    // The query planner's statistics, where a table grew or shrank much (SQLite; db/database.ts).
    { name: 'planner-statistics', everyMs: 3_600_000, run: () => database.optimize() },
    {
      name: 'clean-sessions',
      everyMs: 3_600_000,
      run: async () => {
        await services.sessions.deleteDeadSessions();
        await services.locks.deleteExpired();
        await deleteStaleCounters(db, clock.now() - 86_400_000);
      },
    },
  ];
}

/**
 * A part file untouched this long belongs to no live upload: a body silent for a minute is cut
 * (BODY_IDLE_SECONDS), and a finished part is decoded within seconds and then removed.
 */
const TMP_MAX_AGE_MS = 10 * 60_000;

/**
 * Per-process upkeep, not claimed: each machine has its own temp folder for upload parts, so every
 * process cleans it at start and then every 10 minutes (a cluster-wide claim would leave the folders
 * of the processes that never win it); and each process writes the photo views it counted.
 */
export function startLocalUpkeep(tmpDir: string, clock: Clock, services: Services, log: FastifyBaseLogger): () => void {
  const clean = () =>
    cleanTmpDir(tmpDir, clock.now(), TMP_MAX_AGE_MS).catch((err: unknown) => log.error({ err }, 'temp folder cleanup failed'));
  const flush = () => services.views.flush().catch((err: unknown) => log.error({ err }, 'writing views failed'));
  void clean();
  const timers = [setInterval(() => void clean(), 10 * 60_000), setInterval(() => void flush(), 5_000)];
  timers.forEach((t) => t.unref());
  // Stopping only ends the timers: the views counted since the last batch are written by the app's
  // onClose hook (app.ts), after the last request in flight has been answered.
  return () => timers.forEach(clearInterval);
}

/**
 * In-process scheduler. Each tick a job is claimed in the database (job_runs) for its interval, so
 * with several server processes each run happens once. The outbox claims its rows as well. A run
 * slower than its interval is not joined by a second one in the same process (its claim has lapsed,
 * but the work is under way here); another process may start one, which each job allows.
 *
 * Returns `stop`: no run starts any more, the runs under way are told to end after their current
 * batch, and the promise resolves once they have (the database is closed after it).
 */
export function startScheduler(db: Db, clock: Clock, jobs: Job[], log: FastifyBaseLogger): () => Promise<void> {
  const stopping = new AbortController();
  const running = new Map<string, Promise<void>>();
  const timers = jobs.map((job) =>
    setInterval(
      () => {
        if (stopping.signal.aborted || running.has(job.name)) return;
        const run = (async () => {
          if (!(await claimJob(db, job.name, clock.now(), job.everyMs)) || stopping.signal.aborted) return;
          await job.run(stopping.signal);
        })()
          .catch((err: unknown) => log.error({ err, job: job.name }, 'job failed'))
          .finally(() => running.delete(job.name));
        running.set(job.name, run);
      },
      Math.min(job.everyMs, 5_000),
    ),
  );
  return async () => {
    stopping.abort();
    timers.forEach(clearInterval);
    await Promise.all(running.values());
  };
}
