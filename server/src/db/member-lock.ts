import type { Dialect, DbOrTrx } from './database.js';

/**
 * Takes the member's row for the rest of the transaction, so two of their requests that count something
 * of theirs before adding to it (follows, collections, sightings) take turns. PostgreSQL only: SQLite's
 * transactions begin IMMEDIATE, one writer at a time.
 */
export async function lockMember(db: DbOrTrx, dialect: Dialect, userId: number): Promise<void> {
  if (dialect === 'postgres') await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
