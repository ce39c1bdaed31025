import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';

export function phoneOf(db: DbOrTrx, userId: number) {
  return db.selectFrom('users').select(['phone', 'phone_verified_at']).where('id', '=', userId).executeTakeFirst();
}

/** How many other accounts have verified this number. */
export async function verifiedElsewhere(db: DbOrTrx, phone: string, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('phone', '=', phone)
    .where('phone_verified_at', 'is not', null)
    .where('id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** PostgreSQL: two accounts verifying one number queue on this until the first commits (SQLite writes one at a time). */
export async function lockNumber(db: DbOrTrx, phone: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`phone:${phone}`}))`.execute(db);
}

export async function insertCode(
  db: DbOrTrx,
  c: { userId: number; phone: string; salt: string; hash: string; now: number; expiresAt: number },
): Promise<number> {
  const row = await db
    .insertInto('phone_codes')
    .values({
      user_id: c.userId,
      phone: c.phone,
      salt: c.salt,
      code_hash: c.hash,
      created_at: c.now,
      expires_at: c.expiresAt,
      used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteCode(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('phone_codes').where('id', '=', id).execute();
}

/** The member's newest code for this number, whatever its state. */
export function latestCode(db: DbOrTrx, userId: number, phone: string) {
  return db
    .selectFrom('phone_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Takes one try, guarded in the UPDATE: of two tries at once past the limit, neither gets through. */
export async function takeTry(db: DbOrTrx, id: number, maxTries: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('phone_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('tries', '<', maxTries)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function useCode(db: DbOrTrx, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('phone_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setPhone(db: DbOrTrx, userId: number, phone: string | null, verifiedAt: number | null): Promise<void> {
  await db.updateTable('users').set({ phone, phone_verified_at: verifiedAt }).where('id', '=', userId).execute();
}
