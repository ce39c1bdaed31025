import {
  POTW_LIMITS,
  POTW_MESSAGES,
  weekOf,
  weekStart,
  type PickPotwRequest,
  type PotwCurrentResponse,
  type PotwEntry,
  type PotwListQuery,
  type PotwListResponse,
} from '../../../../contract/potw.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation, type DatabaseHandle, type DbOrTrx } from '../../db/database.js';
import type { EventHub } from '../../events.js';
import { MESSAGES } from '../../../../contract/texts.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors.js';
import { ShortCache } from '../../shared/cache.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import * as repo from './potw.repository.js';
import { POTW_TEXTS, potwNotice } from './potw.texts.js';
import { potw as policy, type Viewer } from '../../policies/index.js';

const WEEK_MS = 7 * 86_400_000;

const badWeek = () => badRequest(POTW_MESSAGES.badWeek, [{ path: ['week'], message: POTW_MESSAGES.badWeek }]);

/**
 * Photo of the week (issue 23, item 3): senior screeners pick an accepted photo for this week or one
 * ahead, with a comment; one photo a week, a photo once (the table's keys decide a race); the
 * photographer is told in the inbox. The home page reads this week's pick on every visit, so each
 * process keeps it for a second.
 */
export class PotwService {
  private readonly currentCache: ShortCache<PotwCurrentResponse>;
  private cachedWeek = '';

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    events: EventHub,
    private readonly photos: PhotosService,
    private readonly accounts: AccountsService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
  ) {
    this.currentCache = new ShortCache<PotwCurrentResponse>(this.clock, 1_000, () => this.readCurrent());
    // Withdrawn, revoked or deleted: the photo no longer heads a week (nor blocks one); past weeks keep
    // their row, which the archive leaves out while the photo is not accepted.
    events.on('photo.stateChanged', async ({ trx, photo, from, to, at }) => {
      if (from === 'accepted' && to !== 'accepted') {
        await repo.deletePicksOf(trx, photo.id, weekOf(at));
        this.currentCache.clear();
      }
    });
  }

  private get db() {
    return this.database.db;
  }

  private thisWeek(): string {
    return weekOf(this.clock.now());
  }

  /** A week that may still be picked or changed: a Monday from this week to `weeksAhead` later. */
  private openWeek(week: string, error: () => Error): string {
    const start = weekStart(week);
    if (Number.isNaN(start) || weekOf(start) !== week) throw badWeek();
    const first = weekStart(this.thisWeek());
    if (start < first) throw error();
    if (start > first + POTW_LIMITS.weeksAhead * WEEK_MS) throw badWeek();
    return week;
  }

  private async present(rows: repo.PotwRow[]): Promise<PotwEntry[]> {
    // The public read (no viewer): the same answer for everyone, so the home page's can be kept.
    const photos = await this.photos.presentByIds(
      rows.map((r) => r.photo_id),
      null,
    );
    const names = await this.accounts.usernames(rows.flatMap((r) => (r.picked_by === null ? [] : [r.picked_by])));
    return rows.flatMap((r) => {
      const photo = photos.get(r.photo_id);
      if (!photo) return [];
      const pickedBy =
        r.picked_by === null
          ? { id: 0, username: POTW_TEXTS.goneMember }
          : { id: r.picked_by, username: names.get(r.picked_by) ?? POTW_TEXTS.goneMember };
      return [{ week: r.week, comment: r.comment, pickedAt: r.picked_at, pickedBy, photo }];
    });
  }

  private async readCurrent(): Promise<PotwCurrentResponse> {
    const row = await repo.shownOfWeek(this.db, this.thisWeek());
    const [entry] = row ? await this.present([row]) : [];
    return { entry: entry ?? null };
  }

  /** This week's photo, for the home page. */
  current(): Promise<PotwCurrentResponse> {
    // A new week begins with its own pick, not a second of the last one's.
    if (this.thisWeek() !== this.cachedWeek) this.currentCache.clear();
    this.cachedWeek = this.thisWeek();
    return this.currentCache.get();
  }

  /** The archive by week, newest first, up to this week. */
  async archive(q: PotwListQuery, viewer: Viewer): Promise<PotwListResponse> {
    const rows = await repo.archive(this.db, this.thisWeek(), q.cursor ?? null, q.limit);
    const items = await this.present(rows.slice(0, q.limit));
    return {
      items,
      nextCursor: rows.length > q.limit ? rows[q.limit - 1]!.week : null,
      can: { pick: policy.mayPick(viewer) },
    };
  }

  /** The weeks already picked ahead, for the senior screeners choosing the next. */
  async upcoming(): Promise<PotwListResponse> {
    const rows = await repo.upcoming(this.db, this.thisWeek(), POTW_LIMITS.weeksAhead);
    return { items: await this.present(rows), nextCursor: null, can: { pick: true } };
  }

  async pick(actor: AuthUser, body: PickPotwRequest): Promise<{ message: string; entry: PotwEntry }> {
    const week = this.openWeek(body.week ?? this.thisWeek(), badWeek);
    const now = this.clock.now();
    // The photographer's consent, read before the transaction (the accounts module reads on its own connection).
    const owner = await this.photos.stateAndOwner(this.db, body.photoId);
    const settings = owner ? (await this.accounts.settingsOf([owner.uploader_id])).get(owner.uploader_id) : undefined;
    if (owner && owner.uploader_id !== actor.id && settings && !settings.allowFeature) throw conflict(POTW_MESSAGES.notAllowed);
    try {
      await this.db.transaction().execute(async (trx) => {
        const photo = await repo.photoForPick(trx, this.database.dialect, body.photoId);
        if (!photo) throw notFound();
        if (photo.state !== 'accepted') throw conflict(POTW_MESSAGES.notAccepted);
        if (photo.uploader_id === actor.id) throw forbidden(POTW_MESSAGES.ownPhoto);
        await this.refuseTaken(trx, week, body.photoId);
        await repo.insertPick(trx, { week, photo_id: body.photoId, comment: body.comment, picked_by: actor.id, picked_at: now });
        await this.audit.record(trx, {
          actorId: actor.id,
          action: 'potw.pick',
          targetType: 'photo',
          targetId: body.photoId,
          detail: { week, comment: body.comment },
        });
        await this.notifications.notify(trx, {
          userId: photo.uploader_id,
          kind: 'potw',
          photoId: body.photoId,
          ...potwNotice({ week, comment: body.comment }),
        });
      });
    } catch (err) {
      // Two senior screeners at once: the keys keep one; the other hears which one it lost on.
      if (isUniqueViolation(err)) {
        await this.refuseTaken(this.db, week, body.photoId);
        // Taken back again in between: say so rather than fail.
        throw conflict(MESSAGES.concurrentChange);
      }
      throw err;
    }
    this.currentCache.clear();
    const row = await repo.shownOfWeek(this.db, week);
    const [entry] = row ? await this.present([row]) : [];
    if (!entry) throw conflict(POTW_MESSAGES.notAccepted);
    return { message: POTW_MESSAGES.picked, entry };
  }

  private async refuseTaken(db: DbOrTrx, week: string, photoId: number): Promise<void> {
    const taken = await repo.taken(db, week, photoId);
    if (taken.some((t) => t.photo_id === photoId)) throw conflict(POTW_MESSAGES.photoTaken);
    if (taken.length > 0) throw conflict(POTW_MESSAGES.weekTaken(week));
  }

  /** Takes back this week's pick or one ahead; a week gone by stays in the archive. */
  async remove(actor: AuthUser, week: string): Promise<{ message: string }> {
    this.openWeek(week, () => conflict(POTW_MESSAGES.pastWeek));
    await this.db.transaction().execute(async (trx) => {
      const gone = await repo.deletePick(trx, week);
      if (!gone) throw notFound(POTW_MESSAGES.notFound);
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'potw.remove',
        targetType: 'photo',
        targetId: gone.photo_id,
        detail: { week },
      });
    });
    this.currentCache.clear();
    return { message: POTW_MESSAGES.removed };
  }
}
