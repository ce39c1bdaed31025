import { RetryLaterError } from '../shared/errors.js';

/**
 * A counting semaphore with a bounded waiting line: at most `max` tasks run at once, up to `queue`
 * more wait their turn, and past that a task is refused at once with 503 and Retry-After instead of
 * piling up memory.
 */
export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most tasks seen running at once (read by tests and the bench). */
  peak = 0;

  constructor(
    private readonly max: number,
    private readonly queue: number,
    private readonly busyMessage: string,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) {
      if (this.waiting.length >= this.queue) throw new RetryLaterError(503, this.busyMessage, 5);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` never drops below what runs.
      if (next) next();
      else this.active--;
    }
  }
}
