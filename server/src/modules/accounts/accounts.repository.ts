import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { NewUser, UserUpdate } from '../../db/schema.js';

export function findUserByEmail(db: DbOrTrx, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: DbOrTrx, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserIdByUsername(db: DbOrTrx, username: string) {
  return db.selectFrom('users').select('id').where('username_key', '=', username.toLowerCase()).executeTakeFirst();
}

export async function insertUser(db: DbOrTrx, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** How many accounts there are (the demo fills only a site without any). */
export async function countUsers(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users by id, or by email or username containing the words (admin search), newest first. */
export function searchUsers(db: DbOrTrx, q: string, limit: number) {
  const like = `%${escapeLike(q.toLowerCase())}%`;
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(/^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647 ? [eb('id', '=', Number(q))] : []),
        sql<boolean>`lower(email) like ${like} escape '\\'`,
        sql<boolean>`username_key like ${like} escape '\\'`,
      ]),
    )
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function moveHomeAirports(db: DbOrTrx, fromId: number, intoId: number): Promise<void> {
  await db.updateTable('users').set({ home_airport_id: intoId }).where('home_airport_id', '=', fromId).execute();
}

export async function updateUser(db: DbOrTrx, id: number, patch: UserUpdate): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

/** Usernames of these users (deleted ones keep their anonymised name). */
/** Members' settings by id (the open API asks whose photos other sites may show). */
export function settingsByIds(db: DbOrTrx, ids: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'settings', 'status'])
    .where('id', 'in', ids.length ? ids : [0])
    .execute();
}

export function usernamesByIds(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
}

/** An administrator's change to an account that still exists; false when it was deleted meanwhile. */
export async function updateLiveUser(db: DbOrTrx, id: number, patch: UserUpdate): Promise<boolean> {
  const r = await db.updateTable('users').set(patch).where('id', '=', id).where('status', '<>', 'deleted').executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Lifts this account's suspension if it is still suspended. */
export async function liftSuspension(db: DbOrTrx, id: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ status: 'active', suspension_reason: null, suspended_until: null })
    .where('id', '=', id)
    .where('status', '=', 'suspended')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Queue slots of a member; `forUpdate` (PostgreSQL only) locks the row until the transaction ends. */
export function findSlots(db: DbOrTrx, id: number, forUpdate: boolean) {
  return db
    .selectFrom('users')
    .select(['queue_slots', 'priority_slots', 'status', 'suspended_until', 'suspension_reason'])
    .where('id', '=', id)
    .$if(forUpdate, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export function findPublicUser(db: DbOrTrx, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'level', 'created_at', 'home_airport_id', 'cover_photo_id', 'ip_region'])
    .where('id', '=', id)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
}

/** An airport a member may name as home: one that is available (not a pending suggestion). */
export async function airportIsAvailable(db: DbOrTrx, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('airports')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'available')
    .executeTakeFirst();
  return row !== undefined;
}

/** A cover must be one of the member's own accepted photos. */
export async function isOwnAcceptedPhoto(db: DbOrTrx, userId: number, photoId: number): Promise<boolean> {
  const row = await db
    .selectFrom('photos')
    .select('id')
    .where('id', '=', photoId)
    .where('uploader_id', '=', userId)
    .where('state', '=', 'accepted')
    .executeTakeFirst();
  return row !== undefined;
}

export async function liftEndedSuspensions(db: DbOrTrx, now: number): Promise<number[]> {
  const rows = await db
    .updateTable('users')
    .set({ status: 'active', suspended_until: null, suspension_reason: null })
    .where('status', '=', 'suspended')
    .where('suspended_until', 'is not', null)
    .where('suspended_until', '<=', now)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertSession(
  db: DbOrTrx,
  s: { tokenHash: string; userId: number; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ token_hash: s.tokenHash, user_id: s.userId, created_at: s.now, expires_at: s.expiresAt, last_seen_at: s.now })
    .execute();
}

/** The session behind a token hash with the fields of its user that authorisation needs. */
export function findSessionWithUser(db: DbOrTrx, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.last_seen_at',
      'users.id as userId',
      'users.username',
      'users.level',
      'users.status',
      'users.suspended_until',
      'users.suspension_reason',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: DbOrTrx, sessionId: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: DbOrTrx, sessionId: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeUserSessions(db: DbOrTrx, userId: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function deleteDeadSessions(db: DbOrTrx, now: number): Promise<void> {
  // Revoked sessions stay a day so an old token still meets ACCOUNT_SUSPENDED rather than 401.
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', '<', now - 86_400_000)]))
    .execute();
}

export async function insertPasswordReset(
  db: DbOrTrx,
  r: { userId: number; tokenHash: string; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ user_id: r.userId, token_hash: r.tokenHash, created_at: r.now, expires_at: r.expiresAt })
    .execute();
}

/** Ends every outstanding reset link of a member (a newer link, a password change or reset). */
export async function invalidatePasswordResets(db: DbOrTrx, userId: number, now: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** The user of a live (unused, unexpired) reset token; undefined when none. */
export function findLivePasswordReset(db: DbOrTrx, tokenHash: string, now: number) {
  return db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks an unused, unexpired reset token used and returns its user; undefined when none. */
export async function consumePasswordReset(db: DbOrTrx, tokenHash: string, now: number) {
  return db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
}

/** IP属地 of the member's latest login or registration (issue 38). */
export async function setIpRegion(db: DbOrTrx, userId: number, region: string | null): Promise<void> {
  await db.updateTable('users').set({ ip_region: region }).where('id', '=', userId).execute();
}
