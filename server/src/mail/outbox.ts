import type { ExpressionBuilder } from 'kysely';
import type { DbOrTrx } from '../db/database.js';
import type { Database } from '../db/schema.js';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/** Mails are written in the same transaction as the change they report; a job sends them. */
export async function enqueueMail(db: DbOrTrx, mail: Mail, now: number): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ to_address: mail.to, subject: mail.subject, body: mail.body, created_at: now, next_attempt_at: now })
    .execute();
}

/**
 * Claims up to `limit` due mails for `leaseMs` in one statement, so a second process does not send
 * them too: on PostgreSQL a row another process claimed meanwhile fails the re-checked condition.
 */
export function claimDueMails(db: DbOrTrx, now: number, limit: number, leaseMs: number) {
  const unclaimed = (eb: ExpressionBuilder<Database, 'outbox'>) =>
    eb.and([eb('sent_at', 'is', null), eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)])]);
  return db
    .updateTable('outbox')
    .set({ claimed_until: now + leaseMs })
    .where(unclaimed)
    .where('id', 'in', (eb) =>
      eb.selectFrom('outbox').select('id').where(unclaimed).where('next_attempt_at', '<=', now).orderBy('id').limit(limit),
    )
    .returningAll()
    .execute();
}

/** The body of a sent mail is not kept: it may hold a live link (password reset). */
export const SENT_BODY = '（已发送，正文不保留）';

export async function markMailSent(db: DbOrTrx, id: number, now: number): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: now, claimed_until: null, body: SENT_BODY }).where('id', '=', id).execute();
}

export async function markMailFailed(db: DbOrTrx, id: number, attempts: number, nextAt: number, error: string) {
  await db
    .updateTable('outbox')
    .set({ attempts, next_attempt_at: nextAt, claimed_until: null, last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}
