import { PHOTO_MESSAGES } from '../../../../contract/photos.js';
import type { AppealInfo } from '../../../../contract/photos.js';
import { SCREENING_LIMITS, SCREENING_MESSAGES } from '../../../../contract/screening.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { EventHub } from '../../events.js';
import type { AuthUser } from '../../http/auth.js';
import { conflict, notFound } from '../../shared/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { PhotoLifecycle } from '../photos/lifecycle.service.js';
import * as repo from './appeals.repository.js';
import type { LocksService } from './locks.service.js';
import { presentAppeal } from './screening.presenter.js';

const DAY = 86_400_000;

/** Appeals (PRODUCT.md §4.4): once per photo, within 14 days, at most 3 open per member, decided by another senior. */
export class AppealsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    events: EventHub,
    private readonly lifecycle: PhotoLifecycle,
    private readonly locks: LocksService,
    private readonly accounts: AccountsService,
  ) {
    // An appeal ends with its photo: it no longer counts against the member's three open appeals.
    events.on('photo.stateChanged', async ({ trx, photo, from, to, at }) => {
      if (from === 'appealed' && (to === 'withdrawn' || to === 'deleted')) await repo.closeAppeal(trx, photo.id, at);
    });
  }

  async appeal(photoId: number, owner: AuthUser, note: string): Promise<{ message: string }> {
    const photo = await this.locks.photoFor(photoId);
    if (photo.uploader_id !== owner.id) throw notFound(PHOTO_MESSAGES.notFound);
    if (await repo.findAppeal(this.db, photoId)) throw conflict(SCREENING_MESSAGES.appealExists);
    if (photo.state !== 'rejected') throw conflict(SCREENING_MESSAGES.appealNotRejected);
    const now = this.clock.now();
    if (photo.decided_at !== null && now - photo.decided_at > SCREENING_LIMITS.appealDays * DAY) {
      throw conflict(SCREENING_MESSAGES.appealTooLate);
    }
    const rejectedBy = await repo.lastRejecter(this.db, photoId);
    await this.db.transaction().execute(async (trx) => {
      await this.accounts.lockMember(trx, owner.id);
      // Again under the member's lock: a double submit is refused here rather than by the unique index.
      if (await repo.findAppeal(trx, photoId)) throw conflict(SCREENING_MESSAGES.appealExists);
      if ((await repo.countOpenAppeals(trx, owner.id)) >= SCREENING_LIMITS.openAppealsPerMember) {
        throw conflict(SCREENING_MESSAGES.appealsFull);
      }
      // The unique photo_id makes a second, concurrent appeal fail here and roll back.
      await repo.insertAppeal(trx, { photoId, userId: owner.id, note, rejectedBy, now });
      await this.lifecycle.transition(trx, { photo, action: 'appeal', actor: owner, message: note });
    });
    return { message: SCREENING_MESSAGES.appealed };
  }

  /** The appeals of these photos, by photo id. */
  async of(photoIds: number[]): Promise<Map<number, AppealInfo>> {
    if (photoIds.length === 0) return new Map();
    const rows = await repo.appealsByPhotoIds(this.db, photoIds);
    return new Map(rows.map((a) => [a.photo_id, presentAppeal(a)]));
  }
}
