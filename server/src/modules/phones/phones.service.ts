import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  maskPhone,
  PHONE_LIMITS,
  PHONE_REQUIRED_CODE,
  PHONE_TEXTS,
  type MyPhone,
  type PhoneVerifyRequest,
} from '../../../../contract/phones.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle, Db } from '../../db/database.js';
import type { AuthUser } from '../../http/auth.js';
import type { Limiter } from '../../http/rate-limit.js';
import { AppError, badRequest, conflict, notFound, RetryLaterError } from '../../shared/errors.js';
import type { SmsTransport } from '../../sms/transport.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SiteService } from '../site/site.service.js';
import * as repo from './phones.repository.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/**
 * Verified phones (issue 38): a code by SMS (1 per number per 60 s; 5 an hour and 10 a day per number and
 * per address; 5 minutes, 5 tries; stored salted and hashed, compared in constant time), one number for
 * `accountsPerNumber` accounts, and the 实名验证 rule the auth hook asks of every route that publishes.
 */
export class PhonesService {
  private readonly db: Db;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly limiter: Limiter,
    private readonly site: SiteService,
    private readonly audit: AuditService,
    private readonly sms: SmsTransport,
    private readonly accountsPerNumber: number,
  ) {
    this.db = database.db;
  }

  async mine(user: AuthUser): Promise<MyPhone> {
    const [row, verification] = await Promise.all([repo.phoneOf(this.db, user.id), this.site.verification()]);
    return { phone: row?.phone ?? null, verified: row?.phone_verified_at != null, required: verification.phoneRequired };
  }

  /** Refuses (403 `PHONE_REQUIRED`) a member without a verified number while 实名验证 is on. */
  async requireVerified(user: AuthUser): Promise<void> {
    if (!(await this.site.verification()).phoneRequired) return;
    const row = await repo.phoneOf(this.db, user.id);
    if (row?.phone_verified_at == null) throw new AppError(403, PHONE_REQUIRED_CODE, PHONE_TEXTS.required);
  }

  async sendCode(user: AuthUser, phone: string, ip: string): Promise<{ message: string; resendSeconds: number }> {
    // The limits first: whether a number is taken is told no faster than codes are sent. Per member too,
    // so one account cannot send codes to numbers all over the world from many addresses.
    await this.limiter.consume(`sms:60s:${phone}`, { max: 1, windowMs: PHONE_LIMITS.resendSeconds * 1000 }, PHONE_TEXTS.resend);
    for (const key of [`sms:number:${phone}`, `sms:ip:${ip}`, `sms:member:${user.id}`]) {
      await this.limiter.consume(`${key}:h`, { max: PHONE_LIMITS.perHour, windowMs: HOUR }, PHONE_TEXTS.perHour);
      await this.limiter.consume(`${key}:d`, { max: PHONE_LIMITS.perDay, windowMs: DAY }, PHONE_TEXTS.perDay);
    }
    if ((await repo.verifiedElsewhere(this.db, phone, user.id)) >= this.accountsPerNumber) throw conflict(PHONE_TEXTS.taken);
    const code = String(randomInt(0, 10 ** PHONE_LIMITS.codeDigits)).padStart(PHONE_LIMITS.codeDigits, '0');
    const salt = randomBytes(12).toString('hex');
    const now = this.clock.now();
    const id = await repo.insertCode(this.db, {
      userId: user.id,
      phone,
      salt,
      hash: hashCode(salt, code),
      now,
      expiresAt: now + PHONE_LIMITS.codeMinutes * 60_000,
    });
    try {
      await this.sms.send({ to: phone, code, minutes: PHONE_LIMITS.codeMinutes });
    } catch {
      // Not sent: no code waits for it.
      await repo.deleteCode(this.db, id);
      throw new RetryLaterError(503, PHONE_TEXTS.smsDown, PHONE_LIMITS.resendSeconds);
    }
    return { message: PHONE_TEXTS.sent, resendSeconds: PHONE_LIMITS.resendSeconds };
  }

  async verify(user: AuthUser, v: PhoneVerifyRequest): Promise<{ message: string }> {
    const now = this.clock.now();
    const latest = await repo.latestCode(this.db, user.id, v.phone);
    if (!latest || latest.used_at !== null || latest.expires_at <= now) throw conflict(PHONE_TEXTS.noCode);
    if (!(await repo.takeTry(this.db, latest.id, PHONE_LIMITS.tries, now))) throw conflict(PHONE_TEXTS.tooManyTries);
    const given = Buffer.from(hashCode(latest.salt, v.code), 'hex');
    if (!timingSafeEqual(given, Buffer.from(latest.code_hash, 'hex'))) {
      const left = PHONE_LIMITS.tries - latest.tries - 1;
      if (left <= 0) throw conflict(PHONE_TEXTS.tooManyTries);
      throw badRequest(PHONE_TEXTS.wrongCode(left), [{ path: ['code'], message: PHONE_TEXTS.wrongCode(left) }]);
    }
    await this.db.transaction().execute(async (trx) => {
      if (this.database.dialect === 'postgres') await repo.lockNumber(trx, v.phone);
      if ((await repo.verifiedElsewhere(trx, v.phone, user.id)) >= this.accountsPerNumber) throw conflict(PHONE_TEXTS.taken);
      if (!(await repo.useCode(trx, latest.id, now))) throw conflict(PHONE_TEXTS.noCode);
      await repo.setPhone(trx, user.id, v.phone, now);
      await this.audit.record(trx, {
        actorId: user.id,
        action: 'phone.verify',
        targetType: 'user',
        targetId: user.id,
        detail: {},
      });
    });
    return { message: PHONE_TEXTS.verified };
  }

  async remove(user: AuthUser): Promise<{ message: string }> {
    await this.db.transaction().execute(async (trx) => {
      await repo.setPhone(trx, user.id, null, null);
      await this.audit.record(trx, {
        actorId: user.id,
        action: 'phone.remove',
        targetType: 'user',
        targetId: user.id,
        detail: {},
      });
    });
    return { message: PHONE_TEXTS.removed };
  }

  /** What administrators see of a member's number: masked, with whether it is verified. */
  async masked(userId: number): Promise<{ phone: string | null; phoneVerified: boolean }> {
    const row = await repo.phoneOf(this.db, userId);
    return { phone: row?.phone ? maskPhone(row.phone) : null, phoneVerified: row?.phone_verified_at != null };
  }

  /** The whole number, for an administrator who asks; the asking is audited. */
  async reveal(actor: AuthUser, userId: number): Promise<{ message: string; phone: string | null }> {
    const row = await repo.phoneOf(this.db, userId);
    if (!row) throw notFound();
    await this.audit.record(this.db, {
      actorId: actor.id,
      action: 'phone.reveal',
      targetType: 'user',
      targetId: userId,
      detail: {},
    });
    return { message: PHONE_TEXTS.revealed, phone: row?.phone ?? null };
  }
}
