import { siteDayOf, type Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import * as repo from './views.repository.js';

/**
 * Photos written per statement (PostgreSQL) or transaction (SQLite); requests run between two. SQLite
 * writes on the event loop: a view moves the photo's row and the six gallery indexes that carry `views`,
 * and at 100k photos a transaction of 500 random photos held the loop 75–120 ms, of 100 about 19 ms.
 */
const CHUNK = { sqlite: 100, postgres: 500 } as const;

/**
 * Views of photo pages, counted in memory and written in batches by `flush` (every few seconds, and at
 * shutdown), so a busy photo costs no write per request, and thousands of photos each opened once cost
 * a few statements, with requests answered between them, not thousands of commits in a row.
 */
export class ViewCounter {
  private readonly pending = new Map<number, number>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
  ) {}

  count(photoId: number, n = 1): void {
    this.pending.set(photoId, (this.pending.get(photoId) ?? 0) + n);
  }

  async flush(): Promise<void> {
    const batch = [...this.pending].sort((a, b) => a[0] - b[0]);
    this.pending.clear();
    const chunk = CHUNK[this.database.dialect];
    // Counted on the site's day (UTC+8) they are written on: a view a few seconds before midnight may count for the next.
    const day = siteDayOf(this.clock.now());
    for (let i = 0; i < batch.length; i += chunk) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      try {
        await repo.addViews(this.database.db, this.database.dialect, batch.slice(i, i + chunk), day);
      } catch (err) {
        // Not written (the database is away, or the batch lost a race): counted again for the next flush.
        for (const [id, n] of batch.slice(i)) this.count(id, n);
        throw err;
      }
    }
  }
}
