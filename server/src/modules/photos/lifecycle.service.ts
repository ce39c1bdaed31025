import type { Updateable } from 'kysely';
import { PHOTO_MESSAGES, type PhotoState } from '../../../../contract/photos.js';
import { SCREENING_MESSAGES } from '../../../../contract/screening.js';
import { SHELL } from '../../../../contract/texts.js';
import type { Clock } from '../../clock.js';
import type { DbOrTrx } from '../../db/database.js';
import type { PhotoRow, PhotosTable } from '../../db/schema.js';
import type { EventHub } from '../../events.js';
import type { AuthUser } from '../../http/auth.js';
import { conflict, forbidden } from '../../shared/errors.js';
import { ruleFor, type PhotoAction } from './lifecycle.js';
import * as repo from './lifecycle.repository.js';
import { toJson } from '../../db/json.js';
import { photos, screening } from '../../policies/index.js';

export interface TransitionRequest {
  photo: PhotoRow;
  action: PhotoAction;
  actor: AuthUser;
  /** Other columns to change with the state (facts, decided_at, cleared file keys …). */
  patch?: Omit<Updateable<PhotosTable>, 'state'>;
  reasons?: string[];
  message?: string | null;
  /** Facts changed by this step, field → [before, after], kept in the event. */
  facts?: Record<string, [unknown, unknown]>;
  /** Screening decisions are taken only by the holder of the photo's live lock. */
  requireLock?: boolean;
  /** The state to go to, where the action leads to more than one (undo: where the photo waited). */
  to?: PhotoState;
  /** An undo: only while the photo's last step is this actor's, decided at `since` or later (guarded in the UPDATE). */
  undoOf?: { actorId: number; since: number };
}

/**
 * The only way a photo changes state (PRODUCT.md §4.1): checks the transition against the lifecycle
 * table, applies it with the state (and the lock) guarded in the UPDATE, writes exactly one
 * screening event and tells the other modules (`photo.stateChanged`: screening ends the photo's lock
 * and an open appeal, the gallery's index follows). Runs inside the caller's transaction.
 */
export class PhotoLifecycle {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventHub,
  ) {}

  /** The state the action leads to; throws 409 for an illegal transition, 403 below its level. */
  check(photo: Pick<PhotoRow, 'state' | 'uploader_id'>, action: PhotoAction, actor: AuthUser, to?: PhotoState): PhotoState {
    const rule = ruleFor(photo.state, action, to);
    if (!rule) throw conflict(SCREENING_MESSAGES.notDecidable);
    if (rule.by === 'screener' || rule.by === 'moderator') {
      if (!screening.mayScreen(actor)) throw forbidden(SHELL.noPermission);
      if (photos.isOwner(actor, { uploaderId: photo.uploader_id })) throw forbidden(SCREENING_MESSAGES.ownPhoto);
      if (!screening.mayTake(actor, rule.level)) throw forbidden(SCREENING_MESSAGES.seniorOnly);
    } else if (rule.by === 'owner' && !photos.isOwner(actor, { uploaderId: photo.uploader_id })) {
      throw forbidden(PHOTO_MESSAGES.onlyUploader);
    }
    return rule.to;
  }

  async transition(trx: DbOrTrx, t: TransitionRequest): Promise<PhotoState> {
    const to = this.check(t.photo, t.action, t.actor, t.to);
    const now = this.clock.now();
    const moved = await repo.guardedTransition(
      trx,
      t.photo.id,
      t.photo.state,
      { ...t.patch, state: to, updated_at: now },
      t.requireLock ? { holderId: t.actor.id, now } : null,
      t.undoOf ?? null,
    );
    if (!moved) throw conflict(t.requireLock ? SCREENING_MESSAGES.noLock : SCREENING_MESSAGES.notDecidable);
    await repo.insertEvent(trx, {
      photo_id: t.photo.id,
      actor_id: ruleFor(t.photo.state, t.action, to)?.by === 'reports' ? null : t.actor.id,
      from_state: t.photo.state,
      to_state: to,
      reasons: toJson(t.reasons ?? []),
      message: t.message ?? null,
      facts: toJson(t.facts ?? {}),
      created_at: now,
    });
    await this.events.publish('photo.stateChanged', { trx, photo: t.photo, from: t.photo.state, to, at: now });
    return to;
  }

  /** Facts of a photo changed without a change of state: an accepted one is shown (and found) by them. */
  async factsChanged(trx: DbOrTrx, photo: Pick<PhotoRow, 'id' | 'state'>): Promise<void> {
    if (photo.state === 'accepted') await this.events.publish('photo.factsChanged', { trx, photoIds: [photo.id] });
  }
}
