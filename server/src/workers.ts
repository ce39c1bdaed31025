// `WORKERS` processes on one port (issue 37, item 4): the primary prepares the database once (the demo
// fill, migrations, the reference data), then forks that many workers, each a whole server (main.ts)
// listening on the same port through node:cluster, which hands connections out in turn. Everything the
// workers share lives in the database (sessions, locks, rate limits, job claims, cache versions), as for
// processes behind nginx (docs/deploy.md). A worker that dies is started again after a pause; SIGTERM or
// SIGINT is passed on to every worker, and the primary ends once they have drained.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { importReferenceDataIfChanged } from './modules/reference/reference.import.js';

/** A crashed worker is started again after this pause, doubled for each crash in a row (to a minute). */
const RESTART_PAUSE_MS = 1_000;
const RESTART_PAUSE_MAX_MS = 60_000;
/** A worker that ran this long before it died starts its restarts from the shortest pause again. */
const STEADY_MS = 30_000;

const say = (text: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: text }));

/** Migrations and the reference import, once, before any worker opens the database. */
async function prepare(config: Config): Promise<void> {
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    if (await importReferenceDataIfChanged(database.db, Date.now())) say('reference data imported');
  } finally {
    await database.destroy();
  }
}

export async function runPrimary(config: Config, workers: number): Promise<void> {
  await prepare(config);
  let stopping = false;
  const pauses = new Map<number, number>();
  const fork = (slot: number) => {
    const started = Date.now();
    const worker: Worker = cluster.fork({ WORKER_SLOT: String(slot) });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      const pause = Date.now() - started > STEADY_MS ? RESTART_PAUSE_MS : (pauses.get(slot) ?? RESTART_PAUSE_MS);
      pauses.set(slot, Math.min(pause * 2, RESTART_PAUSE_MAX_MS));
      say(`worker ${slot} ended (${signal ?? code}); starting it again in ${pause} ms`);
      setTimeout(() => {
        if (!stopping) fork(slot);
      }, pause).unref();
    });
  };
  for (let slot = 1; slot <= workers; slot++) fork(slot);
  say(`${workers} workers on port ${config.port}`);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    for (const w of running) w.process.kill(signal);
    void Promise.all(
      running.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', () => resolve())))),
    ).then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
