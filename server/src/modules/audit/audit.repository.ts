import type { DbOrTrx } from '../../db/database.js';
import type { NewAuditEntry } from '../../db/schema.js';

export async function insertAuditEntry(db: DbOrTrx, entry: NewAuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}
