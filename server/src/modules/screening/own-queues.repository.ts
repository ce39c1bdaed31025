import type { DbOrTrx } from '../../db/database.js';

// What a member sees of their own photos in screening (PRODUCT.md §3.7, §3.8): where each waits, how
// fast the queue moves, and the rejections with their reasons.

const WAITING = ['pending', 'escalated'] as const;

export function listWaitingOf(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('uploader_id', '=', userId)
    .where('state', 'in', [...WAITING])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Pending photos of a queue that are ahead of (created before) the given one. */
export async function countAhead(db: DbOrTrx, queue: 'normal' | 'priority', createdAt: number, id: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'pending')
    .where('queue', '=', queue)
    .where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countPendingInQueue(db: DbOrTrx, queue: 'normal' | 'priority'): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'pending')
    .where('queue', '=', queue)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countDecisionsSince(db: DbOrTrx, since: number): Promise<number> {
  const row = await db
    .selectFrom('screening_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to_state', 'in', ['accepted', 'rejected', 'escalated'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listRejectedOf(db: DbOrTrx, userId: number, since: number) {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('uploader_id', '=', userId)
    .where('state', 'in', ['rejected', 'appealed'])
    .where('decided_at', '>=', since)
    .orderBy('decided_at', 'desc')
    .execute();
}

export function lastRejection(db: DbOrTrx, photoId: number) {
  return db
    .selectFrom('screening_events')
    .select(['reasons', 'message', 'created_at'])
    .where('photo_id', '=', photoId)
    .where('to_state', '=', 'rejected')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
