import type { Clock } from '../../clock.js';
import type { DbOrTrx } from '../../db/database.js';
import type { AuditEntryView } from '../../../../contract/manage.js';
import { entriesAbout, insertAuditEntry } from './audit.repository.js';
import { fromJson, toJson } from '../../db/json.js';

export interface AuditEntry {
  /** Null for the system itself (CLI, jobs). */
  actorId: number | null;
  /** `area.verb`, e.g. `user.suspend`, `photo.revoke`. */
  action: string;
  targetType: string;
  targetId: number | null;
  detail?: Record<string, unknown>;
}

/**
 * The audit log (PRODUCT.md §10): every screening and admin action. Always written inside the
 * transaction of the change it records, so the log never claims what did not happen.
 */
export class AuditService {
  constructor(private readonly clock: Clock) {}

  async record(trx: DbOrTrx, entry: AuditEntry): Promise<void> {
    await insertAuditEntry(trx, {
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      detail: toJson(entry.detail ?? {}),
      created_at: this.clock.now(),
    });
  }

  /** What was done to one target (a user, a vote …), newest first, with who and when. */
  async about(db: DbOrTrx, targetType: string, targetId: number, limit = 100): Promise<AuditEntryView[]> {
    const rows = await entriesAbout(db, targetType, targetId, limit);
    return rows.map((r) => ({
      id: r.id,
      actor: r.actor_id === null ? null : { id: r.actor_id, username: r.username ?? '' },
      action: r.action,
      detail: fromJson(r.detail),
      createdAt: Number(r.created_at),
    }));
  }
}
