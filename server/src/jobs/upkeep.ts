import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { cleanTmpDir } from '../media/tmp-files.js';
import type { Services } from '../app.js';

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
