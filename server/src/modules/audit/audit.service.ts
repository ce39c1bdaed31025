import type { Clock } from '../../clock.js';
import type { DbOrTrx } from '../../db/database.js';
import { insertAuditEntry } from './audit.repository.js';

export interface AuditEntry {
  /** Null for the system itself (CLI, jobs). */
  actorId: number | null;
  /** `area.verb`, e.g. `user.suspend`, `photo.revoke`. */
  action: string;
  targetType: string;
  targetId: number | null;
  detail?: unknown;
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
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: this.clock.now(),
    });
  }
}
