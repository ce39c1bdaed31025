import { MANAGE_MESSAGES } from '../../../../contract/manage.js';
import type { Db } from '../../db/database.js';
import type { EventHub } from '../../events.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { KIND_LIST, KINDS } from './kinds.js';
import * as curationRepo from './curation.repository.js';
import * as repo from './reference.repository.js';
import type { RefKind } from './reference.repository.js';
import { codeTaken, type ReferenceService } from './reference.service.js';
import { REFERENCE_TEXTS, suggestionMergedNotice, suggestionReviewedNotice } from './reference.texts.js';

/**
 * Curation by screeners (PRODUCT.md §3.11): members' suggestions approved or rejected (the member is
 * told), duplicates merged (every photo and home airport naming one follows, through `reference.merged`),
 * unused entries deleted. Rows stay, marked, so a re-import of the public datasets never brings them back.
 */
export class CurationService {
  constructor(
    private readonly db: Db,
    private readonly events: EventHub,
    private readonly reference: ReferenceService,
    private readonly accounts: AccountsService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
  ) {}

  /** Deletes an entry no photo names (a used one is merged instead). */
  async remove(actor: AuthUser, kind: RefKind, id: number): Promise<{ message: string }> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findRefState(trx, kind, id);
      if (!row || row.status === 'merged' || row.status === 'deleted') throw notFound();
      if ((await curationRepo.countPhotosNaming(trx, KINDS[kind].photoColumn, id)) > 0) throw conflict(MANAGE_MESSAGES.inUse);
      if (!(await curationRepo.markDeleted(trx, kind, id))) throw notFound();
      await this.audit.record(trx, { actorId: actor.id, action: `${kind}.delete`, targetType: kind, targetId: id });
    });
    return { message: MANAGE_MESSAGES.deleted };
  }

  /**
   * Merges a duplicate into another entry in one transaction: what names it moves to the survivor,
   * the duplicate is kept as 'merged' (so a re-import finds it by external_id and leaves it so), the
   * survivor is marked edited.
   */
  async merge(actor: AuthUser, kind: RefKind, fromId: number, intoId: number): Promise<{ message: string; moved: number }> {
    if (fromId === intoId)
      throw badRequest(MANAGE_MESSAGES.mergeSelf, [{ path: ['intoId'], message: MANAGE_MESSAGES.mergeSelf }]);
    const moved = await this.db.transaction().execute(async (trx) => {
      const from = await repo.findRefState(trx, kind, fromId);
      if (!from || (from.status !== 'available' && from.status !== 'pending')) throw notFound();
      const into = await repo.findRefState(trx, kind, intoId);
      if (!into || into.status !== 'available') {
        throw conflict(MANAGE_MESSAGES.mergeTarget, [{ path: ['intoId'], message: MANAGE_MESSAGES.mergeTarget }]);
      }
      // Claimed first: a concurrent merge of the survivor into another entry waits, then finds it gone.
      if (!(await curationRepo.markSurvivor(trx, kind, intoId))) throw conflict(MANAGE_MESSAGES.mergeTarget);
      let n = 0;
      await this.events.publish('reference.merged', { trx, kind, fromId, intoId, photosMoved: (moved) => (n += moved) });
      await curationRepo.repointMerged(trx, kind, fromId, intoId);
      if (!(await curationRepo.markMerged(trx, kind, fromId, intoId))) throw conflict(MANAGE_MESSAGES.mergeTarget);
      if (from.status === 'pending' && from.suggested_by !== null) {
        // A suggestion that duplicated an existing entry: the member learns which one their photos now name.
        const [label, intoLabel] = [await this.reference.label(trx, kind, fromId), await this.reference.label(trx, kind, intoId)];
        await this.notifications.notify(trx, {
          userId: from.suggested_by,
          kind: 'suggestion-approved',
          photoId: null,
          ...suggestionMergedNotice({ kindName: KINDS[kind].name, label, intoLabel }),
        });
      }
      await this.audit.record(trx, {
        actorId: actor.id,
        action: `${kind}.merge`,
        targetType: kind,
        targetId: fromId,
        detail: { intoId, photos: n },
      });
      return n;
    });
    return { message: MANAGE_MESSAGES.merged, moved };
  }

  /** Approves or rejects a member's suggestion; the suggester is told in their inbox. */
  async review(actor: AuthUser, kind: RefKind, id: number, approve: boolean, reason?: string): Promise<{ message: string }> {
    const name = KINDS[kind].name;
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findRefState(trx, kind, id);
      if (!row) throw notFound();
      if (approve && row.status === 'pending') {
        // Another entry may have taken its codes while it waited (a direct add, another suggestion approved).
        const taken = await repo.takenCode(
          trx,
          kind,
          (await curationRepo.codesOf(trx, kind, id)) ?? {},
          id,
          KINDS[kind].codesPassOn,
        );
        if (taken) throw codeTaken(kind, taken);
      }
      if (!(await curationRepo.setRefStatus(trx, kind, id, approve ? 'available' : 'rejected', 'pending'))) {
        throw conflict(MANAGE_MESSAGES.notPending);
      }
      const label = await this.reference.label(trx, kind, id);
      if (row.suggested_by !== null) {
        await this.notifications.notify(trx, {
          userId: row.suggested_by,
          kind: approve ? 'suggestion-approved' : 'suggestion-rejected',
          photoId: null,
          ...suggestionReviewedNotice({ kindName: name, label, approved: approve, reason }),
        });
      }
      await this.audit.record(trx, {
        actorId: actor.id,
        action: `${kind}.${approve ? 'approve' : 'reject'}`,
        targetType: kind,
        targetId: id,
        detail: reason ? { reason } : {},
      });
    });
    return { message: approve ? MANAGE_MESSAGES.approved : MANAGE_MESSAGES.rejected };
  }

  /** Members' suggestions waiting, oldest first, up to `limit` of each kind, with who made them and when. */
  async pending(limit: number) {
    const [airports, airlines, aircraftTypes] = await Promise.all([
      KINDS.airports.pending(this.db, limit),
      KINDS.airlines.pending(this.db, limit),
      KINDS.aircraft_types.pending(this.db, limit),
    ]);
    const names = await this.accounts.usernames(
      [...airports, ...airlines, ...aircraftTypes].flatMap((r) => (r.suggested_by === null ? [] : [r.suggested_by])),
    );
    const by = (r: { suggested_by: number | null; created_at: number }) => ({
      suggestedBy:
        r.suggested_by === null
          ? null
          : { id: r.suggested_by, username: names.get(r.suggested_by) ?? REFERENCE_TEXTS.goneMember },
      suggestedAt: Number(r.created_at),
    });
    return {
      airports: airports.map((r) => ({ ...KINDS.airports.present(r), ...by(r) })),
      airlines: airlines.map((r) => ({ ...KINDS.airlines.present(r), ...by(r) })),
      aircraftTypes: aircraftTypes.map((r) => ({ ...KINDS.aircraft_types.present(r), ...by(r) })),
    };
  }

  /** Suggestions waiting per kind, for the dashboard. */
  async pendingCounts(): Promise<{ airports: number; airlines: number; aircraftTypes: number }> {
    const [airports, airlines, aircraftTypes] = await Promise.all(
      KIND_LIST.map((kind) => curationRepo.countPending(this.db, kind)),
    );
    return { airports: airports!, airlines: airlines!, aircraftTypes: aircraftTypes! };
  }
}
