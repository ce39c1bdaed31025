import type { DbOrTrx } from '../db/database.js';
import { enqueueJob } from '../db/jobs-queue.js';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/**
 * Mails are written in the same transaction as the change they report, each with its job of kind
 * `mail` (jobs/runner.ts): the runner sends it, retries it with backoff, and lists it on /manage once
 * its tries run out.
 */
export async function enqueueMail(db: DbOrTrx, mail: Mail, now: number): Promise<void> {
  const { id } = await db
    .insertInto('outbox')
    .values({ to_address: mail.to, subject: mail.subject, body: mail.body, created_at: now, next_attempt_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueJob(db, MAIL_JOB, { mailId: id }, now, { key: `mail:${id}` });
}

/** The job kind that sends one mail (jobs/mail.ts). */
export const MAIL_JOB = 'mail';

/** The body of a sent mail is not kept: it may hold a live link (password reset). */
export const SENT_BODY = '（已发送，正文不保留）';

export async function markMailSent(db: DbOrTrx, id: number, now: number): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ sent_at: now, claimed_until: null, body: SENT_BODY })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
}
