import type { Updateable } from 'kysely';
import type { PhotoState } from '../../../../contract/photos.js';
import type { DbOrTrx } from '../../db/database.js';
import type { NewScreeningEvent, PhotosTable } from '../../db/schema.js';

/**
 * Moves a photo from `from` to the patch's state, guarded in the UPDATE itself: the photo must still
 * be in `from`, and when `lock` is given that screener must hold a live lock on it (the screening
 * module's table, read here because the guard has to be in this one statement); when `undo` is
 * given, the photo must have been decided at `since` or later and its last screening event be that
 * actor's. False when another request got there first.
 */
export async function guardedTransition(
  db: DbOrTrx,
  id: number,
  from: PhotoState,
  patch: Updateable<PhotosTable> & { state: PhotoState },
  lock: { holderId: number; now: number } | null,
  undo: { actorId: number; since: number } | null = null,
): Promise<boolean> {
  const res = await db
    .updateTable('photos')
    .set(patch)
    .where('id', '=', id)
    .where('state', '=', from)
    .$if(lock !== null, (q) =>
      q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('screening_locks')
            .select('photo_id')
            .where('photo_id', '=', id)
            .where('holder_id', '=', lock!.holderId)
            .where('expires_at', '>=', lock!.now),
        ),
      ),
    )
    .$if(undo !== null, (q) =>
      q
        .where('decided_at', '>=', undo!.since)
        .where((eb) =>
          eb(
            eb
              .selectFrom('screening_events')
              .select('screening_events.actor_id')
              .where('screening_events.photo_id', '=', id)
              .orderBy('screening_events.id', 'desc')
              .limit(1),
            '=',
            undo!.actorId,
          ),
        ),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertEvent(db: DbOrTrx, event: NewScreeningEvent): Promise<void> {
  await db.insertInto('screening_events').values(event).execute();
}
