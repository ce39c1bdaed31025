import type { PhotoState } from '../../../../contract/photos.js';
import {
  SCREENING_LIMITS,
  SCREENING_MESSAGES,
  type DecisionRequest,
  type DecisionResponse,
} from '../../../../contract/screening.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, forbidden } from '../../shared/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { factChanges, factColumns, requireFactsAgree } from '../photos/facts.js';
import type { PhotoLifecycle } from '../photos/lifecycle.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import * as appeals from './appeals.repository.js';
import type { LocksService } from './locks.service.js';
import * as repo from './screening.repository.js';
import { decisionNotice, revokedNotice } from './screening.texts.js';

/** The states an undone decision may have come from, and led to (an escalation or an appeal's result is not undone). */
const UNDO_FROM: PhotoState[] = ['pending', 'escalated'];
const UNDO_OF: PhotoState[] = ['accepted', 'rejected'];

const DECISION_TEXTS = {
  accept: { message: SCREENING_MESSAGES.accepted, action: 'accept' },
  reject: { message: SCREENING_MESSAGES.rejected, action: 'reject' },
  escalate: { message: SCREENING_MESSAGES.escalated, action: 'escalate' },
} as const;

/**
 * Decisions (PRODUCT.md §4.3) and revocations: each through the photo lifecycle, with the appeal's
 * outcome, the audit entry and the uploader's notification in the same transaction.
 */
export class DecisionsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly lifecycle: PhotoLifecycle,
    private readonly locks: LocksService,
    private readonly photos: PhotosService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
  ) {}

  async decide(photoId: number, viewer: AuthUser, d: DecisionRequest): Promise<DecisionResponse> {
    const photo = await this.locks.photoFor(photoId);
    const text = DECISION_TEXTS[d.decision];
    // Refuse what the lifecycle refuses before looking at locks, with its own status (409/403).
    this.lifecycle.check(photo, text.action, viewer);
    if (photo.state === 'appealed' && (await appeals.lastRejecter(this.db, photoId)) === viewer.id) {
      throw forbidden(SCREENING_MESSAGES.appealByRejecter);
    }
    const lock = await this.locks.lockOf(photoId, viewer);
    if (!lock?.mine) throw conflict(lock ? SCREENING_MESSAGES.lockedByOther : SCREENING_MESSAGES.noLock);
    if (d.facts) {
      const issues = await this.photos.checkFactRefs(photo.uploader_id, d.facts);
      if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
    }
    const changes = d.facts ? factChanges(photo, d.facts) : {};
    requireFactsAgree(photo, changes);
    const columns = factColumns(changes);
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
        await appeals.decideAppeal(trx, photoId, to === 'accepted' ? 'overturned' : 'upheld', viewer.id, now);
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
        // Named by its facts as they are now, with the screener's corrections.
        ...decisionNotice({ ...photo, ...columns }, to, reasons, d.message ?? null),
      });
    });
    const undoable = UNDO_FROM.includes(photo.state) && d.decision !== 'escalate';
    return { message: text.message, photo: await this.photos.get(photoId, viewer), undoable };
  }

  /**
   * The screener takes back their own acceptance or rejection within 10 s (issue 34): the photo waits
   * where it waited, locked for them to decide again, the uploader's notification of it withdrawn and
   * the audit told. Guarded in the UPDATE by the state, the decider and the time, so of an undo and any
   * other change at once (a second undo, the uploader's appeal) exactly one happens.
   */
  async undo(photoId: number, viewer: AuthUser): Promise<DecisionResponse> {
    const photo = await this.locks.photoFor(photoId);
    const last = await repo.lastEvent(this.db, photoId);
    const from = last?.from_state as PhotoState | undefined;
    if (!last || !from || !UNDO_FROM.includes(from) || !UNDO_OF.includes(photo.state) || last.to_state !== photo.state) {
      throw conflict(SCREENING_MESSAGES.undoNone);
    }
    if (last.actor_id !== viewer.id) throw forbidden(SCREENING_MESSAGES.undoNotYours);
    const now = this.clock.now();
    const since = now - SCREENING_LIMITS.undoSeconds * 1000;
    if (last.created_at < since) throw conflict(SCREENING_MESSAGES.undoTooLate);
    await this.db.transaction().execute(async (trx) => {
      await this.lifecycle.transition(trx, {
        photo,
        action: 'undo',
        to: from,
        actor: viewer,
        patch: { decided_at: null },
        undoOf: { actorId: viewer.id, since },
      });
      // The lock the decision ended is the screener's again, before anyone's 开始审图 can claim the photo.
      await repo.takeLock(trx, photoId, viewer.id, now, now + SCREENING_LIMITS.lockMinutes * 60_000);
      await this.notifications.withdraw(trx, photo.uploader_id, photoId, last.created_at);
      await this.audit.record(trx, {
        actorId: viewer.id,
        action: 'photo.undo',
        targetType: 'photo',
        targetId: photoId,
        detail: { from: photo.state, to: from },
      });
    });
    return { message: SCREENING_MESSAGES.undone, photo: await this.photos.get(photoId, viewer), undoable: false };
  }

  /** A senior takes back an acceptance: the photo leaves the gallery and waits again (§4.1). */
  async revoke(photoId: number, viewer: AuthUser, message: string | undefined): Promise<DecisionResponse> {
    const photo = await this.locks.photoFor(photoId);
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
        ...revokedNotice(photo.registration, message),
      });
    });
    return { message: SCREENING_MESSAGES.revoked, photo: await this.photos.get(photoId, viewer), undoable: false };
  }
}
