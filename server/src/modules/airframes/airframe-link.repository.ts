import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import { ACCEPTED, NO_REG_KEY } from './airframes.repository.js';

// The photos still without an airframe: the walk over those accepted before airframes existed
// (the claimed job `airframe-link`; one row, id 1, keeps its phase and cursor) and the list
// screeners place by hand.

export function linkProgress(db: DbOrTrx) {
  return db.selectFrom('airframe_link').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/** The next accepted photos without an airframe (with an MSN, or without), in the order they were taken. */
export function unlinkedAfter(db: DbOrTrx, withMsn: boolean, after: { takenOn: string; id: number }, limit: number) {
  return db
    .selectFrom('photos')
    .select(['id', 'taken_on'])
    .where(ACCEPTED)
    .where('airframe_id', 'is', null)
    .where('registration_key', '!=', NO_REG_KEY)
    .where('msn', withMsn ? 'is not' : 'is', null)
    .where((eb) =>
      eb.or([eb('taken_on', '>', after.takenOn), eb.and([eb('taken_on', '=', after.takenOn), eb('id', '>', after.id)])]),
    )
    .orderBy('taken_on')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function lockLink(db: DbOrTrx): Promise<void> {
  await db
    .updateTable('airframe_link')
    .set({ phase: sql<number>`phase` })
    .where('id', '=', 1)
    .execute();
}

export async function setLinkProgress(db: DbOrTrx, to: { takenOn: string; id: number; phase: number }): Promise<void> {
  await db
    .updateTable('airframe_link')
    .set({ after_taken_on: to.takenOn, after_id: to.id, phase: to.phase })
    .where('id', '=', 1)
    .execute();
}

/** Of these photos, the accepted ones with a registration and no airframe. */
export async function acceptedUnlinked(db: DbOrTrx, photoIds: number[]): Promise<number[]> {
  if (photoIds.length === 0) return [];
  const rows = await db
    .selectFrom('photos')
    .select('id')
    .where('id', 'in', photoIds)
    .where(ACCEPTED)
    .where('airframe_id', 'is', null)
    .where('registration_key', '!=', NO_REG_KEY)
    .execute();
  return rows.map((r) => r.id);
}

/** Accepted photos with a registration that no airframe was found for: screeners place them. */
export function unlinkedPhotos(db: DbOrTrx, limit: number) {
  return db
    .selectFrom('photos')
    .selectAll()
    .where(ACCEPTED)
    .where('airframe_id', 'is', null)
    .where('registration_key', '!=', NO_REG_KEY)
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function unlinkedCount(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ACCEPTED)
    .where('airframe_id', 'is', null)
    .where('registration_key', '!=', NO_REG_KEY)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
