import type { DbOrTrx } from '../../db/database.js';
import type { NewAuditEntry } from '../../db/schema.js';

export async function insertAuditEntry(db: DbOrTrx, entry: NewAuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

/** The entries about one target, newest first, with the actor's name. */
export function entriesAbout(db: DbOrTrx, targetType: string, targetId: number, limit: number) {
  return db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .select([
      'audit_log.id',
      'audit_log.actor_id',
      'users.username',
      'audit_log.action',
      'audit_log.detail',
      'audit_log.created_at',
    ])
    .where('audit_log.target_type', '=', targetType)
    .where('audit_log.target_id', '=', targetId)
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .execute();
}
