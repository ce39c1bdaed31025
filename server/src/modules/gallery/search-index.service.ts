import type { DatabaseHandle, DbOrTrx } from '../../db/database.js';
import type { ReferenceService } from '../reference/reference.service.js';
import * as repo from './search-index.repository.js';
import * as counts from './gallery-counts.repository.js';
import { documentTokens } from './search-text.js';
import { fromJson } from '../../db/json.js';

/**
 * Keeps the gallery's search index (one document and the categories per accepted photo), the counts of
 * its single filters and its version in step with the photos, inside the transaction of each change (GalleryService hears of
 * them through the event hub and calls `syncMany`).
 */
export class GalleryIndex {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly reference: ReferenceService,
    /** This process changed what the gallery shows: its answer cache re-reads the version. */
    private readonly changed: () => void,
  ) {}

  sync(trx: DbOrTrx, photoId: number): Promise<void> {
    return this.syncMany(trx, [photoId]);
  }

  /**
   * Re-indexes photos, each under its row lock (PostgreSQL), and bumps the version once at the end:
   * the one hot version row is taken last, so two transactions never wait on each other in turn.
   */
  async syncMany(trx: DbOrTrx, photoIds: number[]): Promise<void> {
    if (photoIds.length === 0) return;
    for (const photoId of [...new Set(photoIds)].sort((a, b) => a - b)) {
      const photo = await repo.photoForIndex(trx, this.database.dialect, photoId);
      const counted = await counts.countedFacts(trx, photoId);
      if (photo?.state === 'accepted') {
        const words = await this.reference.searchWords(trx, {
          typeId: photo.aircraft_type_id,
          airlineId: photo.airline_id,
          airportId: photo.airport_id,
        });
        const own = [photo.registration, photo.msn, photo.username];
        const docs = {
          doc: documentTokens([...own, ...words], [photo.registration]),
          own: documentTokens(own, [photo.registration]),
        };
        const categories = [...new Set(fromJson(photo.categories))];
        await repo.writeSearchDocument(trx, this.database.dialect, photoId, docs, categories);
        await counts.moveCounts(trx, photoId, counted, {
          airline_id: photo.airline_id,
          airport_id: photo.airport_id,
          aircraft_type_id: photo.aircraft_type_id,
          uploader_id: photo.uploader_id,
          featured: photo.featured_at === null ? 0 : 1,
          categories: photo.categories,
        });
      } else {
        await repo.removeFromIndex(trx, this.database.dialect, photoId);
        await counts.moveCounts(trx, photoId, counted, null);
      }
    }
    await repo.bumpGalleryVersion(trx);
    // Told before the commit: a reader in between may keep the old version, at most for 250 ms.
    this.changed();
  }

  /**
   * One batch of the walk that re-indexes every accepted photo after a reference import (new names,
   * pinyin), oldest first; photos accepted after the import was noticed are indexed as they are accepted.
   * Returns how many it re-indexed (0: nothing left, or another process is walking). Run by a claimed
   * job, and safe beside another run: the walk's row is locked and only moves forward.
   */
  async reindexStep(limit = 500): Promise<number> {
    // 0 before any import: the walk a migration asks for (own words, 2026-12-02-01) still runs.
    const importedAt = (await this.reference.curatedImportedAt()) ?? 0;
    return this.database.db.transaction().execute(async (trx) => {
      // The walk's row first: on PostgreSQL a walk another process is doing now is left to it (this
      // run ends at once instead of waiting for its batch); the SQLite transaction is a writer from
      // its start, so a process writing meanwhile cannot leave it on a stale snapshot (SQLITE_BUSY).
      if (!(await repo.lockReindexState(trx, this.database.dialect))) return 0;
      const state = await repo.reindexState(trx);
      const walk =
        Number(state.for_import) === importedAt
          ? state
          : { for_import: importedAt, after_id: 0, until_id: await repo.lastPhotoId(trx) };
      const ids = await repo.acceptedIdsBetween(trx, walk.after_id, walk.until_id, limit);
      await this.syncMany(trx, ids);
      await repo.setReindexState(trx, { ...walk, after_id: ids.at(-1) ?? walk.until_id });
      return ids.length;
    });
  }

  /**
   * Whether every accepted photo's documents are as the present reference words make them: no re-index
   * walk is due or under way. Text search reads the entries' words and the own words only then.
   */
  async walked(): Promise<boolean> {
    const [importedAt, state] = await Promise.all([this.reference.curatedImportedAt(), repo.reindexState(this.database.db)]);
    return Number(state.for_import) === (importedAt ?? 0) && state.after_id >= state.until_id;
  }

  /** After a rename: the photographer is found by the new name. */
  async syncUploader(trx: DbOrTrx, userId: number): Promise<void> {
    await this.syncMany(trx, await repo.acceptedIdsOf(trx, userId));
  }
}
