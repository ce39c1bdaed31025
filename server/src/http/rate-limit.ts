import { MESSAGES } from '../../../contract/texts.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { tooManyRequests } from '../shared/errors.js';
import { clearCounter, hitCounter, hitCounterWindow, releaseCounter } from './rate-limit.repository.js';

export interface LimitRule {
  max: number;
  windowMs: number;
}

// Counters live in the database so that several server processes share them (PRODUCT.md §9.3).
export const LIMITS = {
  loginFailuresPerAccountAndAddress: { max: 5, windowMs: 15 * 60_000 },
  loginFailuresPerAddress: { max: 20, windowMs: 15 * 60_000 },
  loginFailuresPerAccount: { max: 100, windowMs: 60 * 60_000 },
  registrationsPerAddress: { max: 10, windowMs: 60 * 60_000 },
  resetRequestsPerAddress: { max: 10, windowMs: 60 * 60_000 },
  resetRequestsPerEmail: { max: 3, windowMs: 60 * 60_000 },
  resetAttemptsPerAddress: { max: 10, windowMs: 60 * 60_000 },
  passwordChecksPerAccount: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, LimitRule>;

export class Limiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, rule: LimitRule): Promise<number> {
    return hitCounter(this.db, key, this.clock.now(), rule.windowMs);
  }

  /**
   * Takes a slot before the work it guards: counts one in a single atomic statement, and refuses
   * with 429 once over the maximum. Parallel requests each take their own slot, so no more than
   * `max` of them get through, whichever process they reach.
   */
  async consume(key: string, rule: LimitRule, message: string = MESSAGES.tooManyRequests): Promise<void> {
    if ((await this.hit(key, rule)) > rule.max) throw tooManyRequests(message);
  }

  /**
   * Counts one request of a quota and says where the caller stands, for `RateLimit-*` headers: the
   * limit, what is left of it, and the seconds until the window starts again.
   */
  async quota(key: string, rule: LimitRule): Promise<{ limit: number; remaining: number; resetSeconds: number; over: boolean }> {
    const now = this.clock.now();
    const { count, windowStart } = await hitCounterWindow(this.db, key, now, rule.windowMs);
    return {
      limit: rule.max,
      remaining: Math.max(0, rule.max - count),
      resetSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)),
      over: count > rule.max,
    };
  }

  /** Gives a slot back (an attempt that turned out not to count, such as a successful login). */
  async release(key: string): Promise<void> {
    await releaseCounter(this.db, key);
  }

  async clear(key: string): Promise<void> {
    await clearCounter(this.db, key);
  }
}
