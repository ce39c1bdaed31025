import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { MAIL_JOB, markMailSent } from '../mail/outbox.js';
import type { MailTransport } from '../mail/transport.js';
import type { JobKind } from './runner.js';

/**
 * Sends one mail of the outbox. Sent once: a mail already marked sent is left alone, and the mark is
 * guarded (a process that died between the send and the mark may send it twice, never more).
 */
export function mailJob(db: Db, clock: Clock, transport: MailTransport): JobKind<{ mailId: number }> {
  return {
    kind: MAIL_JOB,
    maxAttempts: 10,
    // 1 minute, doubling, at most 6 hours: a mail server down for a day is waited for.
    backoffMs: (attempt) => Math.min(60_000 * 2 ** (attempt - 1), 6 * 3_600_000),
    run: async ({ mailId }) => {
      const m = await db
        .selectFrom('outbox')
        .selectAll()
        .where('id', '=', mailId)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (!m) return;
      try {
        await transport.send({ to: m.to_address, subject: m.subject, body: m.body });
      } catch (err) {
        await db
          .updateTable('outbox')
          .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: String(err).slice(0, 1000) }))
          .where('id', '=', mailId)
          .execute();
        throw err;
      }
      await markMailSent(db, mailId, clock.now());
    },
  };
}
