import type { Clock } from '../clock.js';

/**
 * A value read from the database at most once per `ttlMs` of the clock's time, for state every process
 * shares and every request reads (the maintenance flag, the gallery's version): under load one read
 * serves thousands of requests, and another process's change is seen within `ttlMs`. The process that
 * makes a change calls `clear()` and sees it at once.
 */
export class ShortCache<T> {
  private value: { at: number; promise: Promise<T> } | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly load: () => Promise<T>,
  ) {}

  get(): Promise<T> {
    const now = this.clock.now();
    if (!this.value || now - this.value.at >= this.ttlMs) {
      const promise = this.load();
      this.value = { at: now, promise };
      // A failed read is not kept: the next request tries again.
      promise.catch(() => {
        if (this.value?.promise === promise) this.value = null;
      });
    }
    return this.value.promise;
  }

  clear(): void {
    this.value = null;
  }
}

/**
 * Values kept per key while their stamp (the versions they were made from) stands, and for at most
 * `ttlMs` of the caller's clock; once `entries` are held, the oldest goes first.
 */
export class StampedCache<V> {
  private readonly held = new Map<string, { stamp: string; at: number; value: V }>();

  constructor(
    private readonly entries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, stamp: string, now: number): V | undefined {
    const hit = this.held.get(key);
    return hit && hit.stamp === stamp && now - hit.at < this.ttlMs ? hit.value : undefined;
  }

  set(key: string, stamp: string, now: number, value: V): void {
    this.held.delete(key);
    if (this.held.size >= this.entries) this.held.delete(this.held.keys().next().value!);
    this.held.set(key, { stamp, at: now, value });
  }
}
