/** The time source handed to services, so tests can move time instead of waiting for it. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** The site's time zone, China (UTC+8), ahead of UTC by this much. */
export const SITE_OFFSET_MS = 8 * 3_600_000;

/** The site's day (China, UTC+8) of an instant, as `YYYY-MM-DD`: the day views, sightings and rankings count on. */
export const siteDayOf = (ms: number) => new Date(ms + SITE_OFFSET_MS).toISOString().slice(0, 10);

export class ManualClock implements Clock {
  constructor(private t: number = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
