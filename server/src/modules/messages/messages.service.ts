import { LEVELS } from '../../../../contract/limits.js';
import {
  APPEAL_LIMITS,
  APPEAL_REASON,
  APPEAL_TEXTS,
  MESSAGE_LIMITS,
  MESSAGE_REASONS,
  MESSAGE_TEXTS,
  type MessagesResponse,
  type NewMessage,
  type SuspensionAppeal,
} from '../../../../contract/messages.js';
import { PHOTO_MESSAGES } from '../../../../contract/photos.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../http/auth.js';
import { idCursor } from '../../http/cursor.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import type { Limiter } from '../../http/rate-limit.js';
import { enqueueMail } from '../../mail/outbox.js';
import type { SessionsService } from '../accounts/sessions.service.js';
import * as repo from './messages.repository.js';
import { photographerMessageMail, suspensionAppealMail } from './messages.texts.js';

const DAY = 86_400_000;
const REASON_CODES = [...MESSAGE_REASONS.map((r) => r.code), APPEAL_REASON.code];

/** 联系摄影师 (PRODUCT.md §3.4): into the photographer's inbox and out by mail, 5 per sender per day. */
export class MessagesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: Limiter,
    private readonly publicUrl: string,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * A suspended member's appeal (/AccountStop, issue 34): a message in every administrator's inbox and
   * a mail to each, with the suspension and the member's address to answer at; once a day per member.
   */
  async appealSuspension(token: string | null, appeal: SuspensionAppeal, ip: string): Promise<{ message: string }> {
    const member = await this.sessions.suspendedCaller({ token, email: appeal.email, password: appeal.password }, ip);
    const admins = await repo.administrators(this.db, LEVELS.admin);
    if (admins.length === 0) throw conflict(APPEAL_TEXTS.noAdministrator);
    await this.limiter.consume(`appeal:member:${member.id}`, { max: APPEAL_LIMITS.perDay, windowMs: DAY }, APPEAL_TEXTS.once);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      for (const admin of admins) {
        await repo.insertMessage(trx, {
          fromUserId: member.id,
          toUserId: admin.id,
          photoId: null,
          reason: APPEAL_REASON.code,
          contact: member.email,
          body: appeal.body,
          now,
        });
        await enqueueMail(
          trx,
          {
            to: admin.email,
            ...suspensionAppealMail({
              username: admin.username,
              member,
              body: appeal.body,
              manageUrl: `${this.publicUrl}/manage/user?q=${member.id}`,
            }),
          },
          now,
        );
      }
    });
    return { message: APPEAL_TEXTS.sent };
  }

  async send(sender: AuthUser, m: NewMessage): Promise<{ message: string }> {
    if (m.toUserId === sender.id) throw badRequest(MESSAGE_TEXTS.toSelf, [{ path: ['toUserId'], message: MESSAGE_TEXTS.toSelf }]);
    const to = await repo.recipient(this.db, m.toUserId);
    if (!to) throw notFound(MESSAGE_TEXTS.noRecipient);
    const photo = m.photoId !== undefined ? await repo.photoOf(this.db, m.photoId, to.id) : null;
    if (m.photoId !== undefined && !photo) throw notFound(PHOTO_MESSAGES.notFound);
    await this.limiter.consume(
      `message:sender:${sender.id}`,
      { max: MESSAGE_LIMITS.perSenderPerDay, windowMs: DAY },
      MESSAGE_TEXTS.perDay,
    );
    const now = this.clock.now();
    const reason = MESSAGE_REASONS.find((r) => r.code === m.reason)?.zh ?? m.reason;
    await this.db.transaction().execute(async (trx) => {
      await repo.insertMessage(trx, {
        fromUserId: sender.id,
        toUserId: to.id,
        photoId: photo?.id ?? null,
        reason: m.reason,
        contact: m.contact,
        body: m.body,
        now,
      });
      await enqueueMail(
        trx,
        {
          to: to.email,
          ...photographerMessageMail({
            username: to.username,
            sender: sender.username,
            reason,
            contact: m.contact,
            body: m.body,
            photo: photo ? { registration: photo.registration, url: `${this.publicUrl}/photo/${photo.id}` } : null,
            inboxUrl: `${this.publicUrl}/user/${to.id}`,
          }),
        },
        now,
      );
    });
    return { message: MESSAGE_TEXTS.sent };
  }

  async inbox(user: AuthUser, cursor: string | undefined, limit: number): Promise<MessagesResponse> {
    const [rows, unread] = await Promise.all([
      repo.inbox(this.db, user.id, idCursor(cursor), limit),
      repo.countUnread(this.db, user.id),
    ]);
    const items = rows.slice(0, limit);
    return {
      items: items.map((r) => ({
        id: r.id,
        from: { id: r.from_user_id, username: r.username },
        photoId: r.photo_id,
        reason: REASON_CODES.find((c) => c === r.reason) ?? 'other',
        contact: r.contact,
        body: r.body,
        createdAt: r.created_at,
        read: r.read_at !== null,
      })),
      nextCursor: rows.length > limit ? String(items[items.length - 1]!.id) : null,
      unread,
    };
  }

  async markAllRead(user: AuthUser): Promise<{ message: string }> {
    await repo.markAllRead(this.db, user.id, this.clock.now());
    return { message: MESSAGE_TEXTS.read };
  }
}
