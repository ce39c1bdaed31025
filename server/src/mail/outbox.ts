import type { DbOrTrx } from '../db/database.js';

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

/** Claims up to `limit` due mails for `leaseMs`, so a second process does not send them too. */
export async function claimDueMails(db: DbOrTrx, now: number, limit: number, leaseMs: number) {
  const due = await db
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  const claimed = [];
  for (const { id } of due) {
    const row = await db
      .updateTable('outbox')
      .set({ claimed_until: now + leaseMs })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

export async function markMailSent(db: DbOrTrx, id: number, now: number): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: now, claimed_until: null }).where('id', '=', id).execute();
}

export async function markMailFailed(db: DbOrTrx, id: number, attempts: number, nextAt: number, error: string) {
  await db
    .updateTable('outbox')
    .set({ attempts, next_attempt_at: nextAt, claimed_until: null, last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}
