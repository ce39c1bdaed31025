import { sql } from 'kysely';
import type { PhotoState } from '../../../../contract/photos.js';
import type { DbOrTrx } from '../../db/database.js';

type Queue = 'normal' | 'priority';

// ---- locks ----

/**
 * Takes the photo's lock for `holderId` in one statement: inserted when there is none, taken over
 * when the current one has expired (or is the holder's own, which renews it). On both databases the
 * conflict clause runs under the row's lock, so of any number of concurrent takers exactly one wins.
 */
export async function takeLock(db: DbOrTrx, photoId: number, holderId: number, now: number, expiresAt: number) {
  const row = await db
    .insertInto('screening_locks')
    .values({ photo_id: photoId, holder_id: holderId, taken_at: now, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('photo_id')
        .doUpdateSet({ holder_id: holderId, taken_at: now, expires_at: expiresAt })
        .where((eb) => eb.or([eb('screening_locks.expires_at', '<', now), eb('screening_locks.holder_id', '=', holderId)])),
    )
    .returning('holder_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Extends the holder's live lock; false when it expired and someone else may have it now. */
export async function renewLock(db: DbOrTrx, photoId: number, holderId: number, now: number, expiresAt: number) {
  const res = await db
    .updateTable('screening_locks')
    .set({ expires_at: expiresAt })
    .where('photo_id', '=', photoId)
    .where('holder_id', '=', holderId)
    .where('expires_at', '>=', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Deletes the holder's own lock on the photo; false when they held none. */
export async function releaseLock(db: DbOrTrx, photoId: number, holderId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('screening_locks')
    .where('photo_id', '=', photoId)
    .where('holder_id', '=', holderId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Live locks on these photos, with the holder's name. */
export function liveLocks(db: DbOrTrx, photoIds: number[], now: number) {
  return db
    .selectFrom('screening_locks')
    .innerJoin('users', 'users.id', 'screening_locks.holder_id')
    .select(['screening_locks.photo_id', 'screening_locks.holder_id', 'screening_locks.expires_at', 'users.username'])
    .where('screening_locks.photo_id', 'in', photoIds)
    .where('screening_locks.expires_at', '>=', now)
    .execute();
}

export async function deleteExpiredLocks(db: DbOrTrx, now: number): Promise<number> {
  const res = await db.deleteFrom('screening_locks').where('expires_at', '<', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}

// ---- the queue ----

/**
 * Photos a screener may claim next, in queue order (oldest first) within one queue and state set:
 * never the screener's own, never one under another screener's live lock, never an appeal against
 * the screener's own rejection. Walks the (state, queue, created_at) index; `firstOnly`, the photos
 * that would be 首张 (their own partial index).
 */
export function claimCandidates(
  db: DbOrTrx,
  viewerId: number,
  states: PhotoState[],
  queue: Queue,
  now: number,
  limit: number,
  firstOnly = false,
) {
  return db
    .selectFrom('photos')
    .leftJoin('screening_locks', 'screening_locks.photo_id', 'photos.id')
    .select('photos.id')
    .where('photos.state', 'in', states)
    .where('photos.queue', '=', queue)
    .$if(firstOnly, (q) => q.where('photos.first_candidate', '=', 1))
    .where('photos.uploader_id', '!=', viewerId)
    .where((eb) =>
      eb.or([
        eb('screening_locks.photo_id', 'is', null),
        eb('screening_locks.expires_at', '<', now),
        eb('screening_locks.holder_id', '=', viewerId),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('appeals')
            .select('appeals.id')
            .whereRef('appeals.photo_id', '=', 'photos.id')
            .where('appeals.rejected_by', '=', viewerId),
        ),
      ),
    )
    .orderBy('photos.created_at')
    .orderBy('photos.id')
    .limit(limit)
    .execute();
}

/** One page of waiting photos in queue order, after the keyset cursor (created_at, id). */
export function waitingPage(
  db: DbOrTrx,
  filter: { states: PhotoState[]; queue: Queue | null },
  after: { createdAt: number; id: number } | null,
  limit: number,
) {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('state', 'in', filter.states)
    .$if(filter.queue !== null, (q) => q.where('queue', '=', filter.queue!))
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('created_at', '>', after!.createdAt),
          eb.and([eb('created_at', '=', after!.createdAt), eb('id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit + 1)
    .execute();
}

/** The latest screening decisions (accept, reject, escalate) with their photos. */
export function recentDecisions(db: DbOrTrx, limit: number) {
  return db
    .selectFrom('screening_events')
    .select(['screening_events.id', 'screening_events.photo_id'])
    .where('screening_events.to_state', 'in', ['accepted', 'rejected', 'escalated'])
    .where('screening_events.from_state', 'in', ['pending', 'escalated', 'appealed'])
    .orderBy('screening_events.id', 'desc')
    .limit(limit)
    .execute();
}

export function photosByIds(db: DbOrTrx, ids: number[]) {
  return db.selectFrom('photos').selectAll().where('id', 'in', ids).execute();
}

export function findPhoto(db: DbOrTrx, id: number) {
  return db.selectFrom('photos').selectAll().where('id', '=', id).where('state', '!=', 'deleted').executeTakeFirst();
}

/** Waiting photos per state and queue, and how many of them wait since before `overdueBefore`. */
export function waitingCounts(db: DbOrTrx, overdueBefore: number) {
  return db
    .selectFrom('photos')
    .select(['state', 'queue'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .select(sql<number>`sum(case when created_at < ${overdueBefore} then 1 else 0 end)`.as('overdue'))
    .where('state', 'in', ['pending', 'escalated', 'appealed'])
    .groupBy(['state', 'queue'])
    .execute();
}

// ---- history ----

export function eventsOfPhotos(db: DbOrTrx, photoIds: number[]) {
  return db
    .selectFrom('screening_events')
    .leftJoin('users', 'users.id', 'screening_events.actor_id')
    .select([
      'screening_events.id',
      'screening_events.photo_id',
      'screening_events.actor_id',
      'users.username',
      'screening_events.from_state',
      'screening_events.to_state',
      'screening_events.reasons',
      'screening_events.message',
      'screening_events.facts',
      'screening_events.created_at',
    ])
    .where('screening_events.photo_id', 'in', photoIds)
    .orderBy('screening_events.id')
    .execute();
}

/** The outcomes (accepted/rejected) of the uploader's last `limit` decided photos. */
export function lastOutcomesOf(db: DbOrTrx, uploaderId: number, limit: number) {
  return db
    .selectFrom('screening_events')
    .innerJoin('photos', 'photos.id', 'screening_events.photo_id')
    .select(['screening_events.to_state', 'screening_events.photo_id', 'screening_events.created_at'])
    .where('photos.uploader_id', '=', uploaderId)
    .where('screening_events.to_state', 'in', ['accepted', 'rejected'])
    .orderBy('screening_events.id', 'desc')
    .limit(limit)
    .execute();
}

/** Other accepted photos of the same airframe, oldest first (its history). */
export function sameRegistration(db: DbOrTrx, registrationKey: string, exceptId: number, limit: number) {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('registration_key', '=', registrationKey)
    .where('state', '=', 'accepted')
    .where('id', '!=', exceptId)
    .orderBy('taken_on')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Screening decisions since `since`, by one screener or (actorId null) by everyone. */
export async function countDecisions(db: DbOrTrx, actorId: number | null, since: number): Promise<number> {
  const row = await db
    .selectFrom('screening_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to_state', 'in', ['accepted', 'rejected', 'escalated'])
    .where('from_state', 'in', ['pending', 'escalated', 'appealed'])
    .$if(actorId !== null, (q) => q.where('actor_id', '=', actorId!))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteLock(db: DbOrTrx, photoId: number): Promise<void> {
  await db.deleteFrom('screening_locks').where('photo_id', '=', photoId).execute();
}

/** A photo's latest screening event (the decision an undo would take back). */
export function lastEvent(db: DbOrTrx, photoId: number) {
  return db
    .selectFrom('screening_events')
    .select(['actor_id', 'from_state', 'to_state', 'created_at'])
    .where('photo_id', '=', photoId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
