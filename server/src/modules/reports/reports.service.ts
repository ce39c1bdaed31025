import {
  REPORT_LIMITS,
  REPORT_TEXTS,
  type NewReport,
  type ReportedThing,
  type ReportsResponse,
  type ReportTarget,
  type ResolveReport,
} from '../../../../contract/reports.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation, type DatabaseHandle, type Db, type DbOrTrx } from '../../db/database.js';
import type { PhotoRow } from '../../db/schema.js';
import type { EventHub } from '../../events.js';
import type { AuthUser } from '../../http/auth.js';
import { idCursor } from '../../http/cursor.js';
import type { Limiter } from '../../http/rate-limit.js';
import { members } from '../../policies/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PhotoLifecycle } from '../photos/lifecycle.service.js';
import { presentThing } from './reports.presenter.js';
import * as repo from './reports.repository.js';
import {
  HIDDEN_EVENT_MESSAGE,
  hiddenNotice,
  outcomeNotice,
  restoredNotice,
  restoredOnAppealNotice,
  withheldNotice,
} from './reports.texts.js';

const DAY = 86_400_000;
const PAGE = 20;

const OUTCOME: Record<ResolveReport['action'], { state: 'upheld' | 'dismissed'; outcome: string }> = {
  withhold: { state: 'upheld', outcome: 'withheld' },
  hide: { state: 'upheld', outcome: 'hidden' },
  handled: { state: 'upheld', outcome: 'handled' },
  dismiss: { state: 'dismissed', outcome: 'dismissed' },
};

/**
 * 举报 (issue 38): members report photos, members and the messages they received; screeners withhold,
 * hide, mark handled or dismiss; the reporters hear the outcome; every step is audited in the
 * transaction of the change. Enough reports from established members hide a photo (ADR 0043).
 */
export class ReportsService {
  private readonly db: Db;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    events: EventHub,
    private readonly limiter: Limiter,
    private readonly lifecycle: PhotoLifecycle,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    /** `REPORT_HIDE_AFTER`: this many established members' reports hide a photo; 0 never. */
    private readonly hideAfter: number,
  ) {
    this.db = database.db;
    // A withheld photo put back by its owner's appeal: the reporters are told, as they were told of the takedown.
    events.on('photo.stateChanged', async ({ trx, photo, from, to }) => {
      if (from !== 'appealed' || to !== 'accepted') return;
      for (const r of await repo.withheldBy(trx, photo.id)) {
        await this.notifications.notify(trx, {
          userId: r.reporter_id,
          kind: 'report',
          photoId: null,
          ...restoredOnAppealNotice(photo.registration),
        });
      }
    });
  }

  /** What the reporter may report: something they can see, not their own. Returns the thing's owner. */
  private async target(reporter: AuthUser, type: ReportTarget, id: number): Promise<void> {
    if (type === 'photo') {
      const photo = await repo.photoRow(this.db, id, false);
      if (!photo || photo.state !== 'accepted') throw notFound(REPORT_TEXTS.photoGone);
      if (photo.uploader_id === reporter.id) throw badRequest(REPORT_TEXTS.self);
    } else if (type === 'member') {
      const [member] = await repo.memberTargets(this.db, [id]);
      if (!member || member.status === 'deleted') throw notFound(REPORT_TEXTS.memberGone);
      if (member.id === reporter.id) throw badRequest(REPORT_TEXTS.self);
    } else {
      // Only a message's recipient can read it, and so report it.
      const [message] = await repo.messageTargets(this.db, [id]);
      if (!message || message.to_user_id !== reporter.id || message.hidden_at !== null) throw notFound(REPORT_TEXTS.messageGone);
    }
  }

  async report(reporter: AuthUser, r: NewReport): Promise<{ message: string }> {
    await this.target(reporter, r.targetType, r.targetId);
    if (await repo.findOwn(this.db, reporter.id, r.targetType, r.targetId)) throw conflict(REPORT_TEXTS.again);
    await this.limiter.consume(`report:member:${reporter.id}`, { max: REPORT_LIMITS.perDay, windowMs: DAY }, REPORT_TEXTS.perDay);
    const now = this.clock.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        const id = await repo.insertReport(trx, { ...r, reporterId: reporter.id, type: r.targetType, now });
        await this.audit.record(trx, {
          actorId: reporter.id,
          action: 'report.create',
          targetType: r.targetType === 'member' ? 'user' : r.targetType,
          targetId: r.targetId,
          detail: { report: id, reason: r.reason },
        });
        if (r.targetType === 'photo') await this.hideIfReportedEnough(trx, reporter, r.targetId, now);
      });
    } catch (err) {
      // A second tab's report of the same thing, at the same moment: the unique key took the first.
      if (isUniqueViolation(err)) throw conflict(REPORT_TEXTS.again);
      throw err;
    }
    return { message: REPORT_TEXTS.sent };
  }

  /**
   * The photo leaves the gallery once `hideAfter` distinct established members (accounts at least 7
   * days old, active) have open reports of it. The photo's row is locked first (PostgreSQL; SQLite
   * writes one at a time), so of reports arriving together exactly one hides it.
   */
  private async hideIfReportedEnough(trx: DbOrTrx, reporter: AuthUser, photoId: number, now: number): Promise<void> {
    if (this.hideAfter <= 0) return;
    const photo = await repo.photoRow(trx, photoId, this.database.dialect === 'postgres');
    if (!photo || photo.state !== 'accepted') return;
    const established = now - REPORT_LIMITS.establishedDays * DAY;
    const reporters = await repo.establishedReporters(trx, photoId, established);
    if (reporters < this.hideAfter) return;
    await this.lifecycle.transition(trx, { photo, action: 'hide', actor: reporter, message: HIDDEN_EVENT_MESSAGE });
    await this.audit.record(trx, {
      actorId: null,
      action: 'photo.hide',
      targetType: 'photo',
      targetId: photoId,
      detail: { reporters },
    });
    await this.notifications.notify(trx, {
      userId: photo.uploader_id,
      kind: 'revoked',
      photoId,
      ...hiddenNotice(photo.registration),
    });
  }

  /** The report queue: things with open reports, the one reported first first, with what this viewer may do. */
  async queue(viewer: AuthUser, cursor: string | undefined): Promise<ReportsResponse> {
    const rows = await repo.openThings(this.db, idCursor(cursor), PAGE);
    const things = rows.slice(0, PAGE);
    // What concerns the viewer is left to the others: the reported never learn who reported them.
    return {
      items: (await this.present(viewer, things)).filter((i) => i.actions.length > 0),
      nextCursor: rows.length > PAGE ? String(things[things.length - 1]!.id) : null,
      can: { suspend: members.isAdmin(viewer) },
    };
  }

  /** Things with their open reports, as the queue shows them. */
  private async present(
    viewer: AuthUser,
    things: { id: number; target_type: string; target_id: number }[],
  ): Promise<ReportedThing[]> {
    const ids = (type: ReportTarget) => things.filter((t) => t.target_type === type).map((t) => t.target_id);
    const [reports, photos, hidden, members, messages] = await Promise.all([
      repo.openReportsOf(this.db, things),
      repo.photoTargets(this.db, ids('photo')),
      repo.hiddenByReports(this.db, ids('photo')),
      repo.memberTargets(this.db, ids('member')),
      repo.messageTargets(this.db, ids('message')),
    ]);
    const hiddenIds = new Set(hidden.map((h) => h.photo_id));
    return things.map((t) => presentThing(viewer, t, { reports, photos, hiddenIds, members, messages }));
  }

  countOpen(): Promise<number> {
    return repo.countOpenThings(this.db);
  }

  /**
   * A screener's decision on one thing's open reports (any of them names the thing): all of them end
   * with it, in one transaction with the change it makes, the audit entry and the reporters' notices.
   */
  async resolve(viewer: AuthUser, reportId: number, d: ResolveReport): Promise<{ message: string }> {
    const report = await repo.findReport(this.db, reportId);
    if (!report || report.state !== 'open') throw conflict(REPORT_TEXTS.reportGone);
    const type = report.target_type as ReportTarget;
    const [item] = await this.present(viewer, [report]);
    if (!item || item.actions.length === 0) throw forbidden(REPORT_TEXTS.involved);
    if (!item.actions.includes(d.action)) {
      throw conflict(type === 'photo' && d.action === 'withhold' ? REPORT_TEXTS.photoNotLive : REPORT_TEXTS.actionTarget);
    }
    const now = this.clock.now();
    const end = OUTCOME[d.action];
    const message = d.message ?? null;
    await this.db.transaction().execute(async (trx) => {
      // The photo is read (and locked) first: a report of it arriving now counts its open reports after this decision.
      const photo =
        type === 'photo' ? await repo.photoRow(trx, report.target_id, this.database.dialect === 'postgres') : undefined;
      const ended = await repo.resolveOpen(trx, type, report.target_id, { ...end, by: viewer.id, now });
      if (ended.length === 0) throw conflict(REPORT_TEXTS.reportGone);
      if (photo) await this.decidePhoto(trx, viewer, photo, d, now);
      if (d.action === 'hide') await repo.hideMessage(trx, report.target_id, now);
      await this.audit.record(trx, {
        actorId: viewer.id,
        action: `report.${d.action}`,
        targetType: type === 'member' ? 'user' : type,
        targetId: report.target_id,
        detail: { reports: ended.map((r) => r.id), reasons: d.reasons, message },
      });
      for (const reporterId of new Set(ended.map((r) => r.reporter_id))) {
        await this.notifications.notify(trx, {
          userId: reporterId,
          kind: 'report',
          photoId: null,
          ...outcomeNotice(type, item.label, end.outcome, message),
        });
      }
    });
    return { message: d.action === 'dismiss' ? REPORT_TEXTS.dismissed : REPORT_TEXTS.resolved };
  }

  /** Withheld: the photo is rejected with the reasons its owner sees and may appeal. Dismissed: a hidden photo returns. */
  private async decidePhoto(trx: DbOrTrx, viewer: AuthUser, photo: PhotoRow, d: ResolveReport, now: number): Promise<void> {
    const photoId = photo.id;
    if (d.action === 'withhold') {
      await this.lifecycle.transition(trx, {
        photo,
        action: 'takedown',
        actor: viewer,
        patch: { decided_at: now },
        reasons: d.reasons,
        message: d.message ?? null,
      });
      const notice = withheldNotice(photo.registration, d.reasons, d.message ?? null);
      await this.notifications.notify(trx, { userId: photo.uploader_id, kind: 'rejected', photoId, ...notice });
    } else if (d.action === 'dismiss' && photo.state === 'pending') {
      // Only as it was hidden: facts its owner edited meanwhile wait for a screener in the queue.
      const [hidden] = await repo.hiddenByReports(trx, [photoId]);
      if (!hidden || photo.updated_at > hidden.created_at) return;
      await this.lifecycle.transition(trx, { photo, action: 'restore', actor: viewer, patch: { decided_at: now } });
      await this.notifications.notify(trx, {
        userId: photo.uploader_id,
        kind: 'accepted',
        photoId,
        ...restoredNotice(photo.registration),
      });
    }
  }
}
