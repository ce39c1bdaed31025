import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '../../../contract/texts.js';
import { DEPENDENCIES, type Dependency } from '../shared/errors.js';

/** In words a member understands: what is wrong, and that it is not their fault. */
export const OUTAGE_MESSAGES: Record<Dependency, string> = {
  database: MESSAGES.databaseDown,
  storage: MESSAGES.storageDown,
  disk: MESSAGES.diskFull,
};

/** Seconds a client is told to wait before trying again during an outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 10;

/**
 * Each outage logged once when it begins (with the error that showed it) and once when it ends (with
 * how long it lasted and how many requests met it), instead of a stack for every request meanwhile.
 * Requests report failures; the periodic check (and /health, /ready) reports both.
 */
export class Outages {
  private readonly down = new Map<Dependency, { since: number; refused: number }>();
  private log: FastifyBaseLogger | null = null;

  attach(log: FastifyBaseLogger): void {
    this.log = log;
  }

  isDown(dependency: Dependency): boolean {
    return this.down.has(dependency);
  }

  failed(dependency: Dependency, err: unknown): void {
    const outage = this.down.get(dependency);
    if (outage) {
      outage.refused += 1;
      return;
    }
    this.down.set(dependency, { since: Date.now(), refused: 1 });
    this.log?.error({ dependency, err }, `${dependency} unavailable: answering 503 until it is back`);
  }

  ok(dependency: Dependency): void {
    const outage = this.down.get(dependency);
    if (!outage) return;
    this.down.delete(dependency);
    this.log?.warn(
      { dependency, downForMs: Date.now() - outage.since, requestsRefused: outage.refused },
      `${dependency} available again`,
    );
  }
}

/** How long /ready waits for each dependency's answer before saying it is not ready. */
const PROBE_ANSWER_MS = 3_000;
/**
 * How late a probe's answer must be to count as an outage (issue 37): on a machine overloaded with
 * requests the answer waits its turn behind them, and an outage declared for that turned every request
 * away for seconds. A dependency that is really frozen is met by the requests' own timeouts first.
 */
const PROBE_OUTAGE_MS = 20_000;

/** What `work` gives within `ms`, or `fallback` when it fails or is late (a frozen dependency's answer). */
export function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const late = setTimeout(() => resolve(fallback), ms);
    const settle = (value: T) => {
      clearTimeout(late);
      resolve(value);
    };
    work.then(settle, () => settle(fallback));
  });
}

/**
 * Asks each dependency whether it answers and answers which did within `answerMs` (3 s: a frozen one
 * counts as not ready). Tells `outages` (so an outage's end is logged even when no request comes) of a
 * failure, or of an answer later than `outageMs`: a slow answer alone is not an outage.
 */
export async function probeDependencies(
  probes: Record<Dependency, () => Promise<boolean>>,
  outages: Outages,
  limits: { answerMs: number; outageMs: number } = { answerMs: PROBE_ANSWER_MS, outageMs: PROBE_OUTAGE_MS },
): Promise<Record<Dependency, boolean>> {
  const results = await Promise.all(
    DEPENDENCIES.map(async (dependency) => {
      const asked = probes[dependency]().catch(() => false);
      void within(asked, limits.outageMs, false).then((up) => {
        if (up) outages.ok(dependency);
        else outages.failed(dependency, new Error(`${dependency} check failed`));
      });
      return [dependency, await within(asked, limits.answerMs, false)] as const;
    }),
  );
  return Object.fromEntries(results) as Record<Dependency, boolean>;
}

/** What the site's routes know of its dependencies. */
export interface DependencyChecks {
  /** Asks each one now (the readiness check, and the periodic one). */
  probe(): Promise<Record<Dependency, boolean>>;
  /** As last seen by requests and the periodic check, without asking (the liveness check). */
  known(): Record<Dependency, boolean>;
}

/** The checks of this process: the database answers, the photo store answers, DATA_DIR has room. */
export function dependencyChecks(
  outages: Outages,
  opts: { database: () => Promise<boolean>; storage: () => Promise<void>; dataDir: string; minFreeDiskBytes: number },
): DependencyChecks {
  return {
    probe: () =>
      probeDependencies(
        {
          database: opts.database,
          storage: () => opts.storage().then(() => true),
          disk: async () => {
            const disk = await fs.promises.statfs(opts.dataDir);
            return disk.bavail * disk.bsize >= opts.minFreeDiskBytes;
          },
        },
        outages,
      ),
    known: () => Object.fromEntries(DEPENDENCIES.map((d) => [d, !outages.isDown(d)])) as Record<Dependency, boolean>,
  };
}
