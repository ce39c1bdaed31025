import { PHOTO_MESSAGES } from '../../../../contract/photos.js';
import type { PhotoState } from '../../../../contract/photos.js';
import { lockHeldByMessage, SCREENING_LIMITS, SCREENING_MESSAGES, type LockInfo } from '../../../../contract/screening.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { PhotoRow } from '../../db/schema.js';
import type { EventHub } from '../../events.js';
import type { AuthUser } from '../../http/auth.js';
import { conflict, forbidden, notFound } from '../../shared/errors.js';
import { decisionsFor } from '../photos/lifecycle.js';
import * as appeals from './appeals.repository.js';
import { presentLock } from './screening.presenter.js';
import * as repo from './screening.repository.js';
import { screening } from '../../policies/index.js';

const LOCK_MS = SCREENING_LIMITS.lockMinutes * 60_000;
export const WAITING: PhotoState[] = ['pending', 'escalated', 'appealed'];

/**
 * Locks on photos being screened (PRODUCT.md §3.10): a row with a 5-minute expiry, taken in one upsert
 * that only takes over an expired lock, so exactly one of any number of takers wins; renewed by the
 * page, released on leave, ended with the photo's state.
 */
export class LocksService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    events: EventHub,
  ) {
    // A photo that moved on (decided, withdrawn, deleted) is nobody's to decide any more.
    events.on('photo.stateChanged', ({ trx, photo }) => repo.deleteLock(trx, photo.id));
  }

  async photoFor(id: number): Promise<PhotoRow> {
    const row = await repo.findPhoto(this.db, id);
    if (!row) throw notFound(PHOTO_MESSAGES.notFound);
    return row;
  }

  async lockOf(photoId: number, viewer: AuthUser): Promise<LockInfo | null> {
    const [lock] = await repo.liveLocks(this.db, [photoId], this.clock.now());
    return lock ? presentLock(lock, viewer) : null;
  }

  /** Takes (or renews) the lock on a waiting photo; 409 with the holder's name when another has it. */
  async take(photoId: number, viewer: AuthUser): Promise<{ message: string; lock: LockInfo }> {
    const photo = await this.photoFor(photoId);
    if (photo.uploader_id === viewer.id) throw forbidden(SCREENING_MESSAGES.ownPhoto);
    if (!WAITING.includes(photo.state)) throw conflict(SCREENING_MESSAGES.notDecidable);
    // Only someone who may decide the photo may hold it: a level 1 cannot park escalations or appeals.
    if (decisionsFor(photo.state, viewer.level).length === 0) throw forbidden(SCREENING_MESSAGES.seniorOnly);
    if (photo.state === 'appealed' && (await appeals.lastRejecter(this.db, photoId)) === viewer.id) {
      throw forbidden(SCREENING_MESSAGES.appealByRejecter);
    }
    const now = this.clock.now();
    if (!(await repo.takeLock(this.db, photoId, viewer.id, now, now + LOCK_MS))) {
      const holder = await this.lockOf(photoId, viewer);
      throw conflict(
        holder ? `${SCREENING_MESSAGES.lockedByOther}（${holder.holder.username}）` : SCREENING_MESSAGES.lockedByOther,
      );
    }
    return { message: SCREENING_MESSAGES.lockTaken, lock: (await this.lockOf(photoId, viewer))! };
  }

  async renew(photoId: number, viewer: AuthUser): Promise<{ message: string; lock: LockInfo }> {
    const now = this.clock.now();
    if (!(await repo.renewLock(this.db, photoId, viewer.id, now, now + LOCK_MS))) {
      await this.photoFor(photoId);
      throw conflict(SCREENING_MESSAGES.noLock);
    }
    return { message: SCREENING_MESSAGES.lockRenewed, lock: (await this.lockOf(photoId, viewer))! };
  }

  /**
   * Ends the caller's own lock. Another screener's live lock stays theirs (409 naming them); a photo
   * nobody holds is answered as released, so a page that leaves after its lock ran out hears no error.
   */
  async release(photoId: number, viewer: AuthUser): Promise<{ message: string }> {
    if (!(await repo.releaseLock(this.db, photoId, viewer.id))) {
      const lock = await this.lockOf(photoId, viewer);
      if (lock && !lock.mine) throw conflict(lockHeldByMessage(lock.holder.username));
    }
    return { message: SCREENING_MESSAGES.lockReleased };
  }

  /**
   * Claims the next photo: priority queue first, then the normal one; in each, the photos that would
   * be 首张 of their aircraft first (issue 39), then the rest, oldest first. Level 1 gets pending
   * photos, level 2 also escalated and appealed ones. A candidate another screener took a moment
   * earlier is skipped, so concurrent calls never hand out one photo twice.
   */
  async next(viewer: AuthUser): Promise<{ photoId: number | null }> {
    const states: PhotoState[] = screening.claimableStates(viewer);
    for (const queue of ['priority', 'normal'] as const) {
      for (const firstOnly of [true, false]) {
        for (let round = 0; round < 5; round++) {
          const now = this.clock.now();
          const candidates = await repo.claimCandidates(this.db, viewer.id, states, queue, now, 20, firstOnly);
          if (candidates.length === 0) break;
          for (const { id } of candidates) {
            if (await repo.takeLock(this.db, id, viewer.id, now, now + LOCK_MS)) return { photoId: id };
          }
        }
      }
    }
    return { photoId: null };
  }

  /** Upkeep: expired locks are never needed again (a new taker overwrites them anyway). */
  deleteExpired(): Promise<number> {
    return repo.deleteExpiredLocks(this.db, this.clock.now());
  }
}
