import type { NotificationsResponse } from '../../../../contract/screening.js';
import { NOTIFICATION_KINDS, SCREENING_LIMITS } from '../../../../contract/screening.js';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import type { NotificationRow } from '../../db/schema.js';
import { idCursor } from '../../http/cursor.js';
import { enqueueMail, type Mail } from '../../mail/outbox.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import * as repo from './notifications.repository.js';
import { screeningDigestMail } from './notifications.texts.js';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NewNotice {
  userId: number;
  kind: NotificationKind;
  photoId: number | null;
  title: string;
  body: string;
}

const present = (n: NotificationRow) => ({
  id: n.id,
  kind: NOTIFICATION_KINDS.find((k) => k === n.kind) ?? 'accepted',
  photoId: n.photo_id,
  title: n.title,
  body: n.body,
  createdAt: n.created_at,
  read: n.read_at !== null,
});

/**
 * The member's inbox of screening results (PRODUCT.md §4.3): an entry at once, written in the
 * transaction of the decision; a digest mail at most every 30 minutes for members who keep
 * screening mails on.
 */
export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accounts: AccountsService,
    private readonly publicUrl: string,
  ) {}

  async notify(trx: DbOrTrx, n: NewNotice): Promise<void> {
    await repo.insertNotification(trx, {
      user_id: n.userId,
      kind: n.kind,
      photo_id: n.photoId,
      title: n.title,
      body: n.body,
      created_at: this.clock.now(),
      read_at: null,
      mailed_at: null,
    });
  }

  /** A decision taken back within seconds (issue 34): its notices of the photo since `since` go from the inbox. */
  async withdraw(trx: DbOrTrx, userId: number, photoId: number, since: number): Promise<void> {
    await repo.deleteNoticesOf(trx, userId, photoId, since);
  }

  async list(userId: number, cursor: string | undefined, limit: number): Promise<NotificationsResponse> {
    const [rows, unread] = await Promise.all([
      repo.listNotifications(this.db, userId, idCursor(cursor), limit),
      repo.countUnread(this.db, userId),
    ]);
    const items = rows.slice(0, limit);
    return {
      items: items.map(present),
      nextCursor: rows.length > limit ? String(items[items.length - 1]!.id) : null,
      unread,
    };
  }

  markAllRead(userId: number): Promise<void> {
    return repo.markAllRead(this.db, userId, this.clock.now());
  }

  /**
   * One digest of screening results per member with unmailed ones whose last digest is 30 minutes
   * old or more; members with screening mails off (or no longer active) have theirs marked without
   * a mail. Returns the number of mails queued.
   */
  sendDigests(): Promise<number> {
    return this.sendDigestsOf('screening', {
      gapMs: SCREENING_LIMITS.digestMinutes * 60_000,
      recipient: (userId) => this.accounts.screeningMailRecipient(userId),
      mail: (member, items) => this.digestMail(member, items),
    });
  }

  /**
   * One digest per member of the unmailed notifications of a stream (repo.DigestStream), at most one
   * per `gapMs`: claimed by a guarded upsert, so two processes never both send it; a member without a
   * `recipient` has theirs marked as mailed, without a mail.
   */
  async sendDigestsOf(
    stream: repo.DigestStream,
    opts: {
      gapMs: number;
      recipient: (userId: number) => Promise<{ email: string; username: string } | null>;
      mail: (member: { email: string; username: string }, items: NotificationRow[]) => Mail;
    },
  ): Promise<number> {
    const now = this.clock.now();
    let mailed = 0;
    for (const userId of await repo.membersWithUnmailed(this.db, stream, now, opts.gapMs, 200)) {
      const recipient = await opts.recipient(userId);
      await this.db.transaction().execute(async (trx) => {
        const pending = await repo.unmailedOf(trx, stream, userId, now);
        if (pending.length === 0) return;
        if (recipient) {
          if (!(await repo.claimDigestSlot(trx, stream, userId, now, opts.gapMs))) return;
          await enqueueMail(trx, opts.mail(recipient, pending), now);
          mailed++;
        }
        await repo.markMailed(
          trx,
          pending.map((n) => n.id),
          now,
        );
      });
    }
    return mailed;
  }

  private digestMail(member: { email: string; username: string }, items: NotificationRow[]) {
    return {
      to: member.email,
      ...screeningDigestMail({ username: member.username, items, detailsUrl: `${this.publicUrl}/queue/reject` }),
    };
  }
}
