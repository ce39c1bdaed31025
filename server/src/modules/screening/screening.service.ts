import { LEVELS, MAX_ID } from '../../../../contract/limits.js';
import { invalidCursor } from '../../http/cursor.js';
import { REJECT_REASONS, type PhotoResponse, type PhotoState } from '../../../../contract/photos.js';
import {
  SCREENING_LIMITS,
  SCREENING_MESSAGES,
  type DecisionRequest,
  type LockInfo,
  type QueueCounts,
  type QueueQuery,
  type QueueResponse,
  type QueueRow,
  type ScreeningEvent,
  type ScreeningView,
  type StatsResponse,
  type UploaderSummary,
} from '../../../../contract/screening.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { PhotoRow } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { factChanges, type PhotosService } from '../photos/photos.service.js';
import { decisionsFor } from './lifecycle.js';
import type { PhotoLifecycle } from './lifecycle.service.js';
import * as repo from './screening.repository.js';

const DAY = 86_400_000;
const LOCK_MS = SCREENING_LIMITS.lockMinutes * 60_000;
const WAITING: PhotoState[] = ['pending', 'escalated', 'appealed'];
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Start of "today" for the statistics: the day as screeners in China count it (UTC+8). */
const startOfDay = (now: number) => now - ((now + CHINA_OFFSET_MS) % DAY);

const DECISION_TEXTS = {
  accept: { message: SCREENING_MESSAGES.accepted, action: 'accept' },
  reject: { message: SCREENING_MESSAGES.rejected, action: 'reject' },
  escalate: { message: SCREENING_MESSAGES.escalated, action: 'escalate' },
} as const;

function encodeCursor(row: { created_at: number; id: number }) {
  return Buffer.from(`${row.created_at}:${row.id}`).toString('base64url');
}
function decodeCursor(cursor: string | undefined): { createdAt: number; id: number } | null {
  if (!cursor) return null;
  const m = /^(\d{1,15}):(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m || Number(m[2]) > MAX_ID) throw invalidCursor();
  return { createdAt: Number(m[1]), id: Number(m[2]) };
}

/**
 * Screening (PRODUCT.md §3.9, §3.10, §4.3, §4.4): claiming photos under a lock, decisions, escalations,
 * appeals and revocations. Every state change goes through the photo lifecycle; the uploader is
 * notified in the same transaction.
 */
export class ScreeningService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly photos: PhotosService,
    private readonly lifecycle: PhotoLifecycle,
    private readonly notifications: NotificationsService,
    private readonly accounts: AccountsService,
    private readonly audit: AuditService,
  ) {}

  // ---- locks ----

  private async photoFor(id: number): Promise<PhotoRow> {
    const row = await repo.findPhoto(this.db, id);
    if (!row) throw notFound('图片不存在');
    return row;
  }

  private async lockOf(photoId: number, viewer: AuthUser): Promise<LockInfo | null> {
    const [lock] = await repo.liveLocks(this.db, [photoId], this.clock.now());
    return lock ? presentLock(lock, viewer) : null;
  }

  /** Takes (or renews) the lock on a waiting photo; 409 with the holder's name when another has it. */
  async takeLock(photoId: number, viewer: AuthUser): Promise<{ message: string; lock: LockInfo }> {
    const photo = await this.photoFor(photoId);
    if (photo.uploader_id === viewer.id) throw forbidden(SCREENING_MESSAGES.ownPhoto);
    if (!WAITING.includes(photo.state)) throw conflict(SCREENING_MESSAGES.notDecidable);
    // Only someone who may decide the photo may hold it: a level 1 cannot park escalations or appeals.
    if (decisionsFor(photo.state, viewer.level).length === 0) throw forbidden(SCREENING_MESSAGES.seniorOnly);
    if (photo.state === 'appealed' && (await repo.lastRejecter(this.db, photoId)) === viewer.id) {
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

  async renewLock(photoId: number, viewer: AuthUser): Promise<{ message: string; lock: LockInfo }> {
    const now = this.clock.now();
    if (!(await repo.renewLock(this.db, photoId, viewer.id, now, now + LOCK_MS))) {
      await this.photoFor(photoId);
      throw conflict(SCREENING_MESSAGES.noLock);
    }
    return { message: SCREENING_MESSAGES.lockRenewed, lock: (await this.lockOf(photoId, viewer))! };
  }

  async releaseLock(photoId: number, viewer: AuthUser): Promise<{ message: string }> {
    await repo.releaseLock(this.db, photoId, viewer.id);
    return { message: SCREENING_MESSAGES.lockReleased };
  }

  /**
   * Claims the next photo: priority queue first, then the normal one, oldest first; level 1 gets
   * pending photos, level 2 also escalated and appealed ones. A candidate another screener took a
   * moment earlier is skipped, so concurrent calls never hand out one photo twice.
   */
  async next(viewer: AuthUser): Promise<{ photoId: number | null }> {
    const states: PhotoState[] = viewer.level >= LEVELS.senior ? WAITING : ['pending'];
    for (const queue of ['priority', 'normal'] as const) {
      for (let round = 0; round < 5; round++) {
        const now = this.clock.now();
        const candidates = await repo.claimCandidates(this.db, viewer.id, states, queue, now, 20);
        if (candidates.length === 0) break;
        for (const { id } of candidates) {
          if (await repo.takeLock(this.db, id, viewer.id, now, now + LOCK_MS)) return { photoId: id };
        }
      }
    }
    return { photoId: null };
  }

  // ---- decisions ----

  async decide(photoId: number, viewer: AuthUser, d: DecisionRequest): Promise<{ message: string; photo: PhotoResponse }> {
    const photo = await this.photoFor(photoId);
    const text = DECISION_TEXTS[d.decision];
    // Refuse what the lifecycle refuses before looking at locks, with its own status (409/403).
    this.lifecycle.check(photo, text.action, viewer);
    if (photo.state === 'appealed' && (await repo.lastRejecter(this.db, photoId)) === viewer.id) {
      throw forbidden(SCREENING_MESSAGES.appealByRejecter);
    }
    const lock = await this.lockOf(photoId, viewer);
    if (!lock?.mine) throw conflict(lock ? SCREENING_MESSAGES.lockedByOther : SCREENING_MESSAGES.noLock);
    if (d.facts) {
      const issues = await this.photos.checkFactRefs(photo.uploader_id, d.facts);
      if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
    }
    const changes = d.facts ? factChanges(photo, d.facts) : {};
    this.photos.requireAirport(photo, changes);
    const columns = this.photos.factColumns(changes);
    const now = this.clock.now();
    const reasons = d.decision === 'reject' ? d.reasons : [];
    await this.db.transaction().execute(async (trx) => {
      const to = await this.lifecycle.transition(trx, {
        photo,
        action: text.action,
        actor: viewer,
        patch: { ...columns, ...(d.decision === 'escalate' ? {} : { decided_at: now }) },
        reasons,
        message: d.message ?? null,
        facts: changes,
        requireLock: true,
      });
      if (photo.state === 'appealed') {
        await repo.decideAppeal(trx, photoId, to === 'accepted' ? 'overturned' : 'upheld', viewer.id, now);
      }
      await this.audit.record(trx, {
        actorId: viewer.id,
        action: `photo.${d.decision}`,
        targetType: 'photo',
        targetId: photoId,
        detail: { from: photo.state, to, reasons, facts: changes },
      });
      await this.notifications.notify(trx, {
        userId: photo.uploader_id,
        photoId,
        ...decisionNotice(photo, to, reasons, d.message ?? null),
      });
    });
    return { message: text.message, photo: await this.photos.get(photoId, viewer) };
  }

  /** A senior takes back an acceptance: the photo leaves the gallery and waits again (§4.1). */
  async revoke(
    photoId: number,
    viewer: AuthUser,
    message: string | undefined,
  ): Promise<{ message: string; photo: PhotoResponse }> {
    const photo = await this.photoFor(photoId);
    await this.db.transaction().execute(async (trx) => {
      await this.lifecycle.transition(trx, {
        photo,
        action: 'revoke',
        actor: viewer,
        patch: { decided_at: null },
        message: message ?? null,
      });
      await this.audit.record(trx, {
        actorId: viewer.id,
        action: 'photo.revoke',
        targetType: 'photo',
        targetId: photoId,
        detail: { message: message ?? null },
      });
      await this.notifications.notify(trx, {
        userId: photo.uploader_id,
        photoId,
        kind: 'revoked',
        title: `照片 ${photo.registration} 的通过已被撤销`,
        body: `资深审图员撤销了此前的通过决定，照片已从图库隐藏并重新进入审图队列。${message ? `\n留言：${message}` : ''}`,
      });
    });
    return { message: SCREENING_MESSAGES.revoked, photo: await this.photos.get(photoId, viewer) };
  }

  /** The owner appeals a rejection: once per photo, within 14 days, at most 3 open per member (§4.4). */
  async appeal(photoId: number, owner: AuthUser, note: string): Promise<{ message: string }> {
    const photo = await this.photoFor(photoId);
    if (photo.uploader_id !== owner.id) throw notFound('图片不存在');
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

  // ---- reading ----

  async queue(viewer: AuthUser, q: QueueQuery): Promise<QueueResponse> {
    const counts = await this.counts();
    if (q.tab === 'decided') {
      const decisions = await repo.recentDecisions(this.db, SCREENING_LIMITS.decidedListed);
      const rows = await repo.photosByIds(this.db, [...new Set(decisions.map((d) => d.photo_id))]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const events = await this.events(rows.map((r) => r.id));
      const listed = decisions.flatMap((d) => {
        const row = byId.get(d.photo_id);
        const event = events.get(d.photo_id)?.find((e) => e.id === d.id);
        return row && event ? [{ row, event }] : [];
      });
      const items = await this.rows(
        listed.map((l) => l.row),
        viewer,
      );
      return { items: items.map((item, i) => ({ ...item, lastEvent: listed[i]!.event })), nextCursor: null, counts };
    }
    const filter =
      q.tab === 'normal' || q.tab === 'priority'
        ? { states: ['pending'] as PhotoState[], queue: q.tab }
        : { states: [q.tab === 'escalated' ? 'escalated' : 'appealed'] as PhotoState[], queue: null };
    const page = await repo.waitingPage(this.db, filter, decodeCursor(q.cursor), q.limit);
    const rows = page.slice(0, q.limit);
    return {
      items: await this.rows(rows, viewer),
      nextCursor: page.length > q.limit ? encodeCursor(rows[rows.length - 1]!) : null,
      counts,
    };
  }

  private async counts(): Promise<QueueCounts> {
    return (await this.waiting()).counts;
  }

  /**
   * The photos waiting in each tab of the screening queue, with those waiting longer than 7 days: the
   * one count the queue's tabs and the management dashboard both show.
   */
  async waiting(): Promise<{ counts: QueueCounts; overdueByQueue: { normal: number; priority: number } }> {
    const rows = await repo.waitingCounts(this.db, this.clock.now() - SCREENING_LIMITS.flagAfterDays * DAY);
    const sum = (pick: (r: (typeof rows)[number]) => boolean, n: (r: (typeof rows)[number]) => unknown = (r) => r.n) =>
      rows.filter(pick).reduce((total, r) => total + Number(n(r) ?? 0), 0);
    const pending = (queue: 'normal' | 'priority') => (r: (typeof rows)[number]) => r.state === 'pending' && r.queue === queue;
    return {
      counts: {
        normal: sum(pending('normal')),
        priority: sum(pending('priority')),
        escalated: sum((r) => r.state === 'escalated'),
        appeals: sum((r) => r.state === 'appealed'),
        overdue: sum(
          () => true,
          (r) => r.overdue,
        ),
      },
      overdueByQueue: {
        normal: sum(pending('normal'), (r) => r.overdue),
        priority: sum(pending('priority'), (r) => r.overdue),
      },
    };
  }

  private async rows(rows: PhotoRow[], viewer: AuthUser): Promise<QueueRow[]> {
    if (rows.length === 0) return [];
    const now = this.clock.now();
    const ids = rows.map((r) => r.id);
    const [photos, locks, appeals, uploaders] = await Promise.all([
      this.photos.present(rows, viewer),
      repo.liveLocks(this.db, ids, now),
      this.lifecycle.appealsOf(ids),
      this.uploaders([...new Set(rows.map((r) => r.uploader_id))]),
    ]);
    const lockBy = new Map(locks.map((l) => [l.photo_id, presentLock(l, viewer)]));
    return rows.map((row, i) => {
      const ageDays = (now - row.created_at) / DAY;
      return {
        photo: photos[i]!,
        uploader: uploaders.get(row.uploader_id)!,
        ageDays: Math.round(ageDays * 10) / 10,
        overdue: WAITING.includes(row.state) && ageDays > SCREENING_LIMITS.flagAfterDays,
        lock: lockBy.get(row.id) ?? null,
        lastEvent: null,
        appeal: appeals.get(row.id) ?? null,
      };
    });
  }

  /** A member's acceptance rate over the last 50 decisions on their photos (null without any). */
  async acceptance(userId: number): Promise<Pick<UploaderSummary, 'acceptanceRate' | 'decided'>> {
    const outcomes = await repo.lastOutcomesOf(this.db, userId, 50);
    const accepted = outcomes.filter((o) => o.to_state === 'accepted').length;
    return {
      decided: outcomes.length,
      acceptanceRate: outcomes.length > 0 ? Math.round((accepted / outcomes.length) * 1000) / 1000 : null,
    };
  }

  private async uploaders(ids: number[]): Promise<Map<number, UploaderSummary>> {
    const [usernames, acceptances] = await Promise.all([
      this.accounts.usernames(ids),
      Promise.all(ids.map((id) => this.acceptance(id))),
    ]);
    return new Map(ids.map((id, i) => [id, { id, username: usernames.get(id) ?? '', ...acceptances[i]! }] as const));
  }

  private async events(photoIds: number[]): Promise<Map<number, ScreeningEvent[]>> {
    const rows = photoIds.length > 0 ? await repo.eventsOfPhotos(this.db, photoIds) : [];
    const map = new Map<number, ScreeningEvent[]>();
    for (const r of rows) {
      const codes = JSON.parse(r.reasons) as string[];
      const event: ScreeningEvent = {
        id: r.id,
        actor: r.actor_id !== null ? { id: r.actor_id, username: r.username ?? '' } : null,
        from: (r.from_state as PhotoState | null) ?? null,
        to: r.to_state as PhotoState,
        reasons: REJECT_REASONS.filter((x) => codes.includes(x.code)).map((x) => ({ code: x.code, title: x.title })),
        message: r.message,
        facts: JSON.parse(r.facts) as Record<string, [unknown, unknown]>,
        at: r.created_at,
      };
      map.set(r.photo_id, [...(map.get(r.photo_id) ?? []), event]);
    }
    return map;
  }

  /** Everything the screening page shows of one photo, for any screener (read-only when locked). */
  async view(photoId: number, viewer: AuthUser): Promise<ScreeningView> {
    const row = await this.photoFor(photoId);
    const [[photo], lock, events, appeals, uploaders, outcomes, same] = await Promise.all([
      this.photos.present([row], viewer),
      this.lockOf(photoId, viewer),
      this.events([photoId]),
      this.lifecycle.appealsOf([photoId]),
      this.uploaders([row.uploader_id]),
      repo.lastOutcomesOf(this.db, row.uploader_id, 10),
      repo.sameRegistration(this.db, row.registration_key, row.id, 12),
    ]);
    const rejecter = row.state === 'appealed' ? await repo.lastRejecter(this.db, photoId) : null;
    const allowed =
      row.uploader_id === viewer.id || rejecter === viewer.id
        ? []
        : decisionsFor(row.state, viewer.level).filter(
            (a): a is 'accept' | 'reject' | 'escalate' | 'revoke' =>
              a === 'accept' || a === 'reject' || a === 'escalate' || a === 'revoke',
          );
    return {
      photo: photo!,
      uploader: uploaders.get(row.uploader_id)!,
      lock,
      history: events.get(photoId) ?? [],
      appeal: appeals.get(photoId) ?? null,
      uploaderRecent: outcomes.map((o) => ({ photoId: o.photo_id, state: o.to_state as PhotoState, at: o.created_at })),
      sameRegistration: await this.photos.present(same, viewer),
      allowed,
    };
  }

  /** The team's decisions since the start of today (the management dashboard). */
  decisionsToday(): Promise<number> {
    return repo.countDecisions(this.db, null, startOfDay(this.clock.now()));
  }

  async stats(viewer: AuthUser): Promise<StatsResponse> {
    const now = this.clock.now();
    const today = startOfDay(now);
    const month = now - 30 * DAY;
    const [mineToday, mineMonth, mineAll, teamToday, teamMonth, teamAll, counts] = await Promise.all([
      repo.countDecisions(this.db, viewer.id, today),
      repo.countDecisions(this.db, viewer.id, month),
      repo.countDecisions(this.db, viewer.id, 0),
      repo.countDecisions(this.db, null, today),
      repo.countDecisions(this.db, null, month),
      repo.countDecisions(this.db, null, 0),
      this.counts(),
    ]);
    return {
      mine: { today: mineToday, last30Days: mineMonth, allTime: mineAll },
      team: {
        today: teamToday,
        last30Days: teamMonth,
        allTime: teamAll,
        waiting: counts.normal + counts.priority + counts.escalated + counts.appeals,
        overdue: counts.overdue,
      },
    };
  }

  /** Upkeep: expired locks are never needed again (a new taker overwrites them anyway). */
  deleteExpiredLocks(): Promise<number> {
    return repo.deleteExpiredLocks(this.db, this.clock.now());
  }
}

function presentLock(l: { holder_id: number; username: string; expires_at: number }, viewer: AuthUser): LockInfo {
  return { holder: { id: l.holder_id, username: l.username }, expiresAt: l.expires_at, mine: l.holder_id === viewer.id };
}

function decisionNotice(photo: PhotoRow, to: PhotoState, reasons: string[], message: string | null) {
  const note = message ? `\n审图员留言：${message}` : '';
  const reg = photo.registration;
  if (photo.state === 'appealed') {
    return to === 'accepted'
      ? {
          kind: 'appeal-overturned' as const,
          title: `申诉成功：照片 ${reg} 已通过`,
          body: `资深审图员接受了你的申诉，照片已进入图库。${note}`,
        }
      : {
          kind: 'appeal-upheld' as const,
          title: `申诉未通过：照片 ${reg}`,
          body: `资深审图员维持了拒绝决定，此结果为最终结果。${note}`,
        };
  }
  if (to === 'accepted') return { kind: 'accepted' as const, title: `照片 ${reg} 已通过审核`, body: `照片已进入图库。${note}` };
  if (to === 'escalated') {
    return {
      kind: 'escalated' as const,
      title: `照片 ${reg} 已转交资深审图员`,
      body: '审图员需要资深审图员的意见，请耐心等待。',
    };
  }
  const titles = REJECT_REASONS.filter((r) => reasons.includes(r.code)).map((r) => r.title);
  return {
    kind: 'rejected' as const,
    title: `照片 ${reg} 未通过审核`,
    body: `原因：${titles.join('、')}。${note}\n可在“我的退图”中查看说明，并在 14 天内申诉一次。`,
  };
}
