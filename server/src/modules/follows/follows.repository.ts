import { sql } from 'kysely';
import type { FollowKind } from '../../../../contract/follows.js';
import type { DbOrTrx, Dialect } from '../../db/database.js';
import type { FollowsTable, PhotoRow } from '../../db/schema.js';
import { ANY } from './search-anchor.js';

/** One (kind, target) pair a photo's facts name, e.g. ['airline', '12']. */
export type FollowTarget = readonly [FollowKind, string];

export function followsOf(db: DbOrTrx, userId: number) {
  return db.selectFrom('follows').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

export function findFollow(db: DbOrTrx, userId: number, id: number) {
  return db.selectFrom('follows').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function countFollows(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The new follow's id, or null when the member already follows the target (the unique index decides). */
export async function insertFollow(
  db: DbOrTrx,
  row: Omit<FollowsTable, 'id' | 'muted' | 'anchor'> & { muted: number },
): Promise<number | null> {
  const inserted = await db
    .insertInto('follows')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'target']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function updateFollow(
  db: DbOrTrx,
  userId: number,
  id: number,
  set: { mail?: FollowsTable['mail']; muted?: number },
): Promise<boolean> {
  const r = await db.updateTable('follows').set(set).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteFollow(db: DbOrTrx, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('follows').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** A merged reference entry or airframe: its follows lead to the one it became (a member following both keeps one). */
export async function moveFollows(db: DbOrTrx, kind: FollowKind, from: string, into: string): Promise<void> {
  await db
    .deleteFrom('follows')
    .where('kind', '=', kind)
    .where('target', '=', from)
    .where('user_id', 'in', (eb) =>
      eb.selectFrom('follows as f').select('f.user_id').where('f.kind', '=', kind).where('f.target', '=', into),
    )
    .execute();
  await db.updateTable('follows').set({ target: into }).where('kind', '=', kind).where('target', '=', from).execute();
}

// ---- the fan-out ----

export async function queueFanout(db: DbOrTrx, photoId: number, now: number): Promise<void> {
  await db
    .insertInto('follow_fanouts')
    .values({ photo_id: photoId, queued_at: now, phase: 0, after_id: 0 })
    .onConflict((oc) => oc.column('photo_id').doNothing())
    .execute();
}

/**
 * The photo's saved searches asked again (an editor's choice): queued anew, or, when its fan-out is
 * already past the facts' followers, sent back to the first saved search (phase 0 reaches them anyway).
 */
export async function requeueForSearches(db: DbOrTrx, photoId: number, now: number): Promise<void> {
  await db
    .insertInto('follow_fanouts')
    .values({ photo_id: photoId, queued_at: now, phase: 0, after_id: 0 })
    .onConflict((oc) => oc.column('photo_id').doUpdateSet({ after_id: 0 }).where('follow_fanouts.phase', '=', 1))
    .execute();
}

/** The oldest fan-out queued by `dueBefore` (one queued since waits out the decision's 撤销). */
export function nextFanout(db: DbOrTrx, dueBefore: number) {
  return db
    .selectFrom('follow_fanouts')
    .selectAll()
    .where('queued_at', '<=', dueBefore)
    .orderBy('queued_at')
    .orderBy('photo_id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Moves a fan-out on from where this run found it: false when another process moved it first (its
 * batch is then that process's, and the notifications' unique index keeps any overlap single).
 */
export async function advanceFanout(
  db: DbOrTrx,
  photoId: number,
  from: { phase: number; afterId: number },
  to: { phase: number; afterId: number } | 'done',
): Promise<boolean> {
  if (to === 'done') {
    const r = await db
      .deleteFrom('follow_fanouts')
      .where('photo_id', '=', photoId)
      .where('phase', '=', from.phase)
      .where('after_id', '=', from.afterId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
  const r = await db
    .updateTable('follow_fanouts')
    .set({ phase: to.phase, after_id: to.afterId })
    .where('photo_id', '=', photoId)
    .where('phase', '=', from.phase)
    .where('after_id', '=', from.afterId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface Follower {
  user_id: number;
  email: string;
  username: string;
  /** 2: a mail for each photo, 1: the daily digest, 0: no mail — the most any of the member's matching follows asks. */
  mail_rank: number;
}

// A literal, as the partial unique index writes it: SQLite matches an upsert to the index by its text.
const FOLLOWED = sql<boolean>`kind = 'followed'`;

const mailRank = sql<number>`max(case follows.mail when 'instant' then 2 when 'daily' then 1 else 0 end)`;

/** Active members after `afterUserId` following any of `targets` (unmuted), the photographer aside; by member. */
export function followersOf(db: DbOrTrx, targets: FollowTarget[], photographerId: number, afterUserId: number, limit: number) {
  return db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.user_id')
    .select(['follows.user_id', 'users.email', 'users.username', mailRank.as('mail_rank')])
    .where((eb) =>
      eb.or(targets.map(([kind, target]) => eb.and([eb('follows.kind', '=', kind), eb('follows.target', '=', target)]))),
    )
    .where('follows.muted', '=', 0)
    .where('follows.user_id', '>', afterUserId)
    .where('follows.user_id', '!=', photographerId)
    .where('users.status', '=', 'active')
    .groupBy(['follows.user_id', 'users.email', 'users.username'])
    .orderBy('follows.user_id')
    .limit(limit)
    .execute() as Promise<Follower[]>;
}

/**
 * Saved searches of active members after follow `afterId` (unmuted), the photographer's own aside; by
 * follow. Only those anchored on one of the photo's `keys`, on ANY, or not anchored yet: found through
 * follows_search_anchor_idx, never by walking every saved search.
 */
export function searchFollowsAfter(db: DbOrTrx, photographerId: number, keys: string[], afterId: number, limit: number) {
  return searchFollowsQuery(db, photographerId, keys, afterId, limit).execute();
}

export function searchFollowsQuery(db: DbOrTrx, photographerId: number, keys: string[], afterId: number, limit: number) {
  return db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.user_id')
    .select(['follows.id', 'follows.user_id', 'follows.target', 'follows.mail', 'users.email', 'users.username'])
    .where('follows.kind', '=', 'search')
    .where((eb) => eb.or([eb('follows.anchor', 'in', [ANY, ...keys]), eb('follows.anchor', 'is', null)]))
    .where('follows.muted', '=', 0)
    .where('follows.id', '>', afterId)
    .where('follows.user_id', '!=', photographerId)
    .where('users.status', '=', 'active')
    .orderBy('follows.id')
    .limit(limit);
}

/** Saved searches without an anchor yet (followed since the last fan-out), a batch at a time. */
export function unanchoredSearches(db: DbOrTrx, limit: number) {
  return db
    .selectFrom('follows')
    .select(['id', 'target'])
    .where('kind', '=', 'search')
    .where('anchor', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function setAnchor(db: DbOrTrx, id: number, anchor: string): Promise<void> {
  await db.updateTable('follows').set({ anchor }).where('id', '=', id).where('anchor', 'is', null).execute();
}

/** The words of an accepted photo's search document (the saved searches' text keys). */
export async function documentWords(db: DbOrTrx, dialect: Dialect, photoId: number): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{
          w: string;
        }>`select unnest(tsvector_to_array(doc)) as w from photo_search where photo_id = ${photoId}`.execute(db)
      : await sql<{ w: string }>`select doc as w from photo_search where rowid = ${photoId}`.execute(db);
  return dialect === 'postgres' ? rows.map((r) => r.w) : (rows[0]?.w.split(' ').filter(Boolean) ?? []);
}

/**
 * One `followed` notification per member for the photo; the members who had none get one and are
 * returned (a member told before, by this run's other phase or another process, is not told again).
 */
export async function insertFollowedNotices(
  db: DbOrTrx,
  rows: { user_id: number; title: string; body: string; mailed_at: number | null }[],
  photoId: number,
  now: number,
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insertInto('notifications')
    .values(rows.map((r) => ({ ...r, kind: 'followed', photo_id: photoId, created_at: now, read_at: null })))
    .onConflict((oc) => oc.columns(['user_id', 'photo_id']).where(FOLLOWED).doNothing())
    .returning('user_id')
    .execute();
  return new Set(inserted.map((r) => r.user_id));
}

/** The photo as the fan-out reads it (any state: one no longer accepted tells nobody). */
export function photoForFanout(db: DbOrTrx, photoId: number): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').selectAll().where('id', '=', photoId).executeTakeFirst();
}

/** The member to mail a follows digest to: active, with a follow still asking for mail; else null. */
export function digestRecipient(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('users')
    .select(['users.email', 'users.username'])
    .where('users.id', '=', userId)
    .where('users.status', '=', 'active')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('follows')
          .select('follows.id')
          .whereRef('follows.user_id', '=', 'users.id')
          .where('follows.mail', '!=', 'off')
          .where('follows.muted', '=', 0),
      ),
    )
    .executeTakeFirst();
}
