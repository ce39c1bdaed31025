import { ADMIN_USERS_LIMIT } from '../../../../contract/manage.js';
import { MESSAGES } from '../../../../contract/texts.js';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import { conflict, notFound } from '../../shared/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import * as repo from './accounts.repository.js';
import { presentAdminUser, type AdminUserBase } from './accounts.presenter.js';

/**
 * The administration of accounts (PRODUCT.md §3.13, §4.6; the CLI and the manage module): levels,
 * suspensions, slots, signing a member out. Each change is guarded in its UPDATE (a deleted account is
 * never changed, 409, whatever was read before) and written to the audit log in its transaction.
 */
export class AccountsAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /** Runs in the caller's transaction (one admin request with several changes) or in its own. */
  private within<T>(trx: DbOrTrx | undefined, work: (trx: DbOrTrx) => Promise<T>): Promise<T> {
    return trx ? work(trx) : this.db.transaction().execute(work);
  }

  async setLevel(userId: number, level: number, actorId: number | null, trx?: DbOrTrx): Promise<void> {
    await this.within(trx, async (trx) => {
      if (!(await repo.updateLiveUser(trx, userId, { level }))) throw conflict(MESSAGES.accountGone);
      await this.audit.record(trx, { actorId, action: 'user.level', targetType: 'user', targetId: userId, detail: { level } });
    });
  }

  async suspend(userId: number, reason: string, until: number | null, actorId: number | null, trx?: DbOrTrx): Promise<void> {
    const now = this.clock.now();
    await this.within(trx, async (trx) => {
      const patch = { status: 'suspended' as const, suspension_reason: reason, suspended_until: until };
      if (!(await repo.updateLiveUser(trx, userId, patch))) throw conflict(MESSAGES.accountGone);
      await repo.revokeUserSessions(trx, userId, now);
      await this.audit.record(trx, {
        actorId,
        action: 'user.suspend',
        targetType: 'user',
        targetId: userId,
        detail: { reason, until },
      });
    });
  }

  /** Lifts a suspension; false (and nothing logged) when the account was not suspended any more. */
  async unsuspend(userId: number, actorId: number | null, trx?: DbOrTrx): Promise<boolean> {
    return this.within(trx, async (trx) => {
      if (!(await repo.liftSuspension(trx, userId))) return false;
      await this.audit.record(trx, { actorId, action: 'user.unsuspend', targetType: 'user', targetId: userId });
      return true;
    });
  }

  async adminSearch(q: string): Promise<AdminUserBase[]> {
    return (await repo.searchUsers(this.db, q, ADMIN_USERS_LIMIT)).map(presentAdminUser);
  }

  async adminUser(id: number): Promise<AdminUserBase> {
    const user = await repo.findUserById(this.db, id);
    if (!user) throw notFound();
    return presentAdminUser(user);
  }

  async setSlots(
    userId: number,
    /** An absent (undefined) count stays as it is. */
    slots: { queueSlots?: number; prioritySlots?: number },
    actorId: number,
    trx?: DbOrTrx,
  ): Promise<void> {
    await this.within(trx, async (trx) => {
      const patch = {
        ...(slots.queueSlots !== undefined ? { queue_slots: slots.queueSlots } : {}),
        ...(slots.prioritySlots !== undefined ? { priority_slots: slots.prioritySlots } : {}),
      };
      if (!(await repo.updateLiveUser(trx, userId, patch))) throw conflict(MESSAGES.accountGone);
      await this.audit.record(trx, { actorId, action: 'user.slots', targetType: 'user', targetId: userId, detail: slots });
    });
  }

  /** Signs the member out everywhere. */
  async revokeAllSessions(userId: number, actorId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repo.revokeUserSessions(trx, userId, this.clock.now());
      await this.audit.record(trx, { actorId, action: 'user.sessions.revoke', targetType: 'user', targetId: userId });
    });
  }

  /** Lifts suspensions whose end date has passed (PRODUCT.md §4.6). */
  async liftEndedSuspensions(): Promise<number> {
    // The update claims the rows: with several processes, each lift is done (and logged) once.
    return this.db.transaction().execute(async (trx) => {
      const ids = await repo.liftEndedSuspensions(trx, this.clock.now());
      for (const id of ids) {
        await this.audit.record(trx, {
          actorId: null,
          action: 'user.unsuspend',
          targetType: 'user',
          targetId: id,
          detail: { ended: true },
        });
      }
      return ids.length;
    });
  }
}
