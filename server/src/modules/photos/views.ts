import type { Db } from '../../db/database.js';
import * as repo from './photos.repository.js';

/**
 * Views of photo pages, counted in memory and written in one batch per photo by `flush` (every few
 * seconds, and at shutdown), so a busy photo costs no write per request.
 */
export class ViewCounter {
  private readonly pending = new Map<number, number>();

  constructor(private readonly db: Db) {}

  count(photoId: number): void {
    this.pending.set(photoId, (this.pending.get(photoId) ?? 0) + 1);
  }

  async flush(): Promise<void> {
    const batch = [...this.pending];
    this.pending.clear();
    for (const [id, n] of batch) await repo.addViews(this.db, id, n);
  }
}
