import type { DatabaseHandle } from '../../db/database.js';
import * as repo from './views.repository.js';

/** Photos written per statement (PostgreSQL) or transaction (SQLite); requests run between two. */
const CHUNK = 500;

/**
 * Views of photo pages, counted in memory and written in batches by `flush` (every few seconds, and at
 * shutdown), so a busy photo costs no write per request, and thousands of photos each opened once cost
 * a few statements, with requests answered between them, not thousands of commits in a row.
 */
export class ViewCounter {
  private readonly pending = new Map<number, number>();

  constructor(private readonly database: DatabaseHandle) {}

  count(photoId: number, n = 1): void {
    this.pending.set(photoId, (this.pending.get(photoId) ?? 0) + n);
  }

  async flush(): Promise<void> {
    const batch = [...this.pending].sort((a, b) => a[0] - b[0]);
    this.pending.clear();
    for (let i = 0; i < batch.length; i += CHUNK) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      try {
        await repo.addViews(this.database.db, this.database.dialect, batch.slice(i, i + CHUNK));
      } catch (err) {
        // Not written (the database is away, or the batch lost a race): counted again for the next flush.
        for (const [id, n] of batch.slice(i)) this.count(id, n);
        throw err;
      }
    }
  }
}
