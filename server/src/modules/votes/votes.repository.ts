import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { VotesTable } from '../../db/schema.js';
import type { Insertable } from 'kysely';

const voteColumns = [
  'votes.id',
  'votes.photo_id',
  'votes.opened_by',
  'votes.reason',
  'votes.state',
  'votes.net',
  'votes.opened_at',
  'votes.closes_at',
  'votes.closed_at',
  'users.username as opener_name',
] as const;

/** Votes with the opener's name, the number of ballots and the viewer's own ballot. */
function withDetails(db: DbOrTrx, viewerId: number) {
  return db
    .selectFrom('votes')
    .innerJoin('users', 'users.id', 'votes.opened_by')
    .select(voteColumns)
    .select((eb) => [
      eb
        .selectFrom('ballots')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('ballots.vote_id', '=', 'votes.id')
        .as('ballots'),
      eb
        .selectFrom('ballots')
        .select('ballots.value')
        .whereRef('ballots.vote_id', '=', 'votes.id')
        .where('ballots.user_id', '=', viewerId)
        .as('my_ballot'),
    ]);
}

export const findVoteDetails = (db: DbOrTrx, id: number, viewerId: number) =>
  withDetails(db, viewerId).where('votes.id', '=', id).executeTakeFirst();

/** Open votes (or closed and cancelled ones), newest first, one more than `limit`. */
export const listVotes = (
  db: DbOrTrx,
  open: boolean,
  photoId: number | null,
  before: number | null,
  limit: number,
  viewerId: number,
) =>
  withDetails(db, viewerId)
    .where('votes.state', open ? '=' : '<>', 'open')
    .$if(photoId !== null, (q) => q.where('votes.photo_id', '=', photoId!))
    .$if(before !== null, (q) => q.where('votes.id', '<', before!))
    .orderBy('votes.id', 'desc')
    .limit(limit + 1)
    .execute();

export const findVote = (db: DbOrTrx, id: number) => db.selectFrom('votes').selectAll().where('id', '=', id).executeTakeFirst();

export const findOpenVoteOf = (db: DbOrTrx, photoId: number) =>
  db.selectFrom('votes').select('id').where('photo_id', '=', photoId).where('state', '=', 'open').executeTakeFirst();

export async function insertVote(db: DbOrTrx, row: Insertable<VotesTable>): Promise<number> {
  return (await db.insertInto('votes').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * Locks an open vote until the caller's transaction ends (PostgreSQL: the closing job's claim waits
 * for a ballot being cast, so no ballot is counted after the result); answers whether it is open.
 */
export async function holdOpenVote(db: DbOrTrx, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('votes')
    .set({ state: 'open' })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .where('closes_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function upsertBallot(db: DbOrTrx, voteId: number, userId: number, value: number, now: number): Promise<void> {
  await db
    .insertInto('ballots')
    .values({ vote_id: voteId, user_id: userId, value, cast_at: now })
    .onConflict((oc) => oc.columns(['vote_id', 'user_id']).doUpdateSet({ value, cast_at: now }))
    .execute();
}

export async function cancelVote(db: DbOrTrx, id: number, by: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('votes')
    .set({ state: 'cancelled', cancelled_by: by, closed_at: now })
    .where('id', '=', id)
    .where('state', '=', 'open')
    // Past its deadline the result stands: the job is about to close it.
    .where('closes_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function dueVoteIds(db: DbOrTrx, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('votes')
    .select('id')
    .where('state', '=', 'open')
    .where('closes_at', '<=', now)
    .orderBy('closes_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Claims one due vote for closing: of several processes, exactly one sees a row change. */
export async function claimDueVote(db: DbOrTrx, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('votes')
    .set({ state: 'closed', closed_at: now })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .where('closes_at', '<=', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function netOf(db: DbOrTrx, voteId: number): Promise<number> {
  const row = await db
    .selectFrom('ballots')
    .select(sql<number>`coalesce(sum(value), 0)`.as('net'))
    .where('vote_id', '=', voteId)
    .executeTakeFirstOrThrow();
  return Number(row.net);
}

export async function setNet(db: DbOrTrx, id: number, net: number): Promise<void> {
  await db.updateTable('votes').set({ net }).where('id', '=', id).execute();
}

export async function countOpenVotes(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('votes')
    .select(sql<number>`count(*)`.as('n'))
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
