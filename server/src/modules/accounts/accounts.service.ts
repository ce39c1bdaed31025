import {
  DEFAULT_SETTINGS,
  type MeResponse,
  type RegisterRequest,
  type SessionResponse,
  type UpdateMeRequest,
} from '../../../../contract/accounts.js';
import type { FieldIssue } from '../../../../contract/errors.js';
import { LEVELS, RESET_TOKEN_MINUTES, SESSION_DAYS } from '../../../../contract/limits.js';
import { ADMIN_USERS_LIMIT } from '../../../../contract/manage.js';
import { MESSAGES, SHELL, suspendedMessage } from '../../../../contract/texts.js';
import type { Clock } from '../../clock.js';
import type { EventHub } from '../../events.js';
import type { DatabaseHandle, DbOrTrx } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound, unauthenticated } from '../../http/errors.js';
import { LIMITS, type Limiter } from '../../http/rate-limit.js';
import { enqueueMail } from '../../mail/outbox.js';
import type { AuthUser } from '../../http/auth.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SiteService } from '../site/site.service.js';
import * as repo from './accounts.repository.js';
import { presentMe, presentPublicUser, parseSettings, type PublicUserBase } from './accounts.presenter.js';
import { presentAdminUser, type AdminUserBase } from './accounts.presenter.js';
import { hashPassword, hashToken, newToken, verifyPassword } from './tokens.js';

const DAY = 86_400_000;

export interface QueueSlots {
  normal: number;
  priority: number;
}

export function suspendedError(reason: string | null, until: number | null): AppError {
  return new AppError(403, 'ACCOUNT_SUSPENDED', suspendedMessage(reason ?? '违反社区规则', until));
}

function isSuspended(u: Pick<UserRow, 'status' | 'suspended_until'>, now: number): boolean {
  return u.status === 'suspended' && (u.suspended_until === null || u.suspended_until > now);
}

export class AccountsService {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly events: EventHub,
    private readonly limiter: Limiter,
    private readonly site: SiteService,
    private readonly audit: AuditService,
    private readonly publicUrl: string,
  ) {
    // Members' home airports follow a merge of the airport into another.
    events.on('reference.merged', async ({ trx, kind, fromId, intoId }) => {
      if (kind === 'airports') await repo.moveHomeAirports(trx, fromId, intoId);
    });
  }

  private get db() {
    return this.database.db;
  }

  private get dialect() {
    return this.database.dialect;
  }

  /** Resolves a bearer token. Null when unknown, expired or revoked; throws for a suspended user. */
  async authenticate(token: string): Promise<AuthUser | null> {
    const row = await repo.findSessionWithUser(this.db, hashToken(token));
    if (!row) return null;
    const now = this.clock.now();
    if (isSuspended(row, now)) throw suspendedError(row.suspension_reason, row.suspended_until);
    if (row.revoked_at !== null || row.expires_at <= now || row.status !== 'active') {
      if (row.status === 'suspended') {
        // The suspension has ended but the job has not lifted it yet: do it now (logged as the job does).
        await this.liftEndedSuspensions();
        if (row.revoked_at === null && row.expires_at > now) return this.toAuthUser(row);
      }
      return null;
    }
    // Writing last_seen on every request would serialise SQLite writers; once a minute is enough.
    if (now - row.last_seen_at > 60_000) await repo.touchSession(this.db, row.sessionId, now);
    return this.toAuthUser(row);
  }

  private toAuthUser(row: { userId: number; username: string; level: number; sessionId: number }): AuthUser {
    return { id: row.userId, username: row.username, level: row.level, sessionId: row.sessionId };
  }

  async login(emailInput: string, password: string, ip: string): Promise<SessionResponse> {
    const email = emailInput.trim().toLowerCase();
    const accountKey = `login:account:${email}`;
    const addressKey = `login:address:${ip}`;
    // Slots first, then the slow hash: parallel guesses cannot all pass a check made before counting.
    await this.limiter.consume(accountKey, LIMITS.loginFailuresPerAccount, MESSAGES.tooManyAttempts);
    await this.limiter.consume(addressKey, LIMITS.loginFailuresPerAddress, MESSAGES.tooManyAttempts);

    const user = await repo.findUserByEmail(this.db, email);
    const ok =
      user && user.status !== 'deleted'
        ? await verifyPassword(user.password_hash, password)
        : // Same work for an unknown email, so response time does not reveal which emails exist.
          await verifyPassword(await this.getDummyHash(), password).then(() => false);
    if (!user || !ok) throw unauthenticated(MESSAGES.badCredentials);
    const now = this.clock.now();
    if (isSuspended(user, now)) throw suspendedError(user.suspension_reason, user.suspended_until);
    // Its suspension has ended but the job has not lifted it yet: do it now (logged as the job does).
    if (user.status === 'suspended') await this.liftEndedSuspensions();
    await this.assertNotMaintenance(user.level);
    // Only failures count: a success clears the account's counter and gives the address its slot back.
    await this.limiter.clear(accountKey);
    await this.limiter.release(addressKey);
    return this.openSession(user, MESSAGES.loginOk);
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword('contrail-timing-equaliser');
    return this.dummyHash;
  }

  private async assertNotMaintenance(level: number): Promise<void> {
    if (level >= LEVELS.admin) return;
    const status = await this.site.status();
    if (status.maintenance) throw new AppError(503, 'MAINTENANCE', status.maintenanceMessage);
  }

  private async openSession(user: Pick<UserRow, 'id' | 'username' | 'level'>, message: string): Promise<SessionResponse> {
    const now = this.clock.now();
    const { token, tokenHash } = newToken();
    const expireTime = now + SESSION_DAYS * DAY;
    await repo.insertSession(this.db, { tokenHash, userId: user.id, now, expiresAt: expireTime });
    return { message, token, username: user.username, id: user.id, permission: user.level, expireTime };
  }

  async register(input: RegisterRequest, ip: string): Promise<SessionResponse> {
    const addressKey = `register:address:${ip}`;
    // Every attempt counts, so a taken username cannot be used to probe e-mails without limit.
    await this.limiter.consume(addressKey, LIMITS.registrationsPerAddress);
    await this.assertNotMaintenance(LEVELS.member);
    const user = await this.createUser({
      email: input.email,
      username: input.username,
      password: input.password,
      level: LEVELS.member,
    });
    return this.openSession(user, MESSAGES.registerOk);
  }

  /** Creates an account; field conflicts come back as 409 with issues on the fields. */
  async createUser(input: { email: string; username: string; password: string; level: number }): Promise<UserRow> {
    const email = input.email.trim().toLowerCase();
    const username = input.username.trim();
    await this.assertFree(email, username, null);
    const passwordHash = await hashPassword(input.password);
    try {
      const id = await repo.insertUser(this.db, {
        email,
        username,
        username_key: username.toLowerCase(),
        password_hash: passwordHash,
        level: input.level,
        status: 'active',
        settings: JSON.stringify(DEFAULT_SETTINGS),
        created_at: this.clock.now(),
      });
      return (await repo.findUserById(this.db, id))!;
    } catch (err) {
      // Lost a race with a concurrent registration: report it the same way as the check above.
      await this.assertFree(email, username, null);
      throw err;
    }
  }

  private async assertFree(email: string | null, username: string | null, selfId: number | null): Promise<void> {
    const issues: FieldIssue[] = [];
    if (email !== null) {
      const taken = await repo.findUserByEmail(this.db, email);
      if (taken && taken.id !== selfId) issues.push({ path: ['email'], message: MESSAGES.emailTaken });
    }
    if (username !== null) {
      const taken = await repo.findUserIdByUsername(this.db, username);
      if (taken && taken.id !== selfId) issues.push({ path: ['username'], message: MESSAGES.usernameTaken });
    }
    if (issues.length > 0) throw conflict(issues[0]!.message, issues);
  }

  async logout(sessionId: number): Promise<void> {
    await repo.revokeSession(this.db, sessionId, this.clock.now());
  }

  async me(userId: number): Promise<MeResponse> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw notFound();
    return presentMe(user);
  }

  async updateMe(userId: number, patch: UpdateMeRequest): Promise<{ me: MeResponse; message: string }> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw notFound();
    let message: string = MESSAGES.savedOk;
    const changes: Parameters<typeof repo.updateUser>[2] = {};
    if (patch.username !== undefined && patch.username !== user.username) {
      await this.assertFree(null, patch.username, userId);
      changes.username = patch.username;
      changes.username_key = patch.username.toLowerCase();
    }
    if (patch.homeAirportId !== undefined) {
      if (patch.homeAirportId !== null && !(await repo.airportIsAvailable(this.db, patch.homeAirportId))) {
        throw badRequest('机场不存在', [{ path: ['homeAirportId'], message: '机场不存在' }]);
      }
      changes.home_airport_id = patch.homeAirportId;
    }
    if (patch.coverPhotoId !== undefined) {
      if (patch.coverPhotoId !== null && !(await repo.isOwnAcceptedPhoto(this.db, userId, patch.coverPhotoId))) {
        throw badRequest('封面需为自己已通过的照片', [{ path: ['coverPhotoId'], message: '封面需为自己已通过的照片' }]);
      }
      changes.cover_photo_id = patch.coverPhotoId;
    }
    if (patch.settings) {
      changes.settings = JSON.stringify({ ...parseSettings(user.settings), ...patch.settings });
    }
    if (patch.newPassword !== undefined) {
      await this.checkPassword(user, patch.oldPassword ?? '', 'oldPassword', MESSAGES.wrongOldPassword);
      changes.password_hash = await hashPassword(patch.newPassword);
      message = MESSAGES.passwordChanged;
    }
    const now = this.clock.now();
    const saved = this.db.transaction().execute(async (trx) => {
      if (Object.keys(changes).length > 0) await repo.updateUser(trx, userId, changes);
      if (changes.username) await this.events.publish('account.renamed', { trx, userId });
      if (changes.password_hash) {
        await repo.revokeUserSessions(trx, userId, now);
        await repo.invalidatePasswordResets(trx, userId, now);
      }
    });
    await saved.catch(async (err: unknown) => {
      // A name taken a moment earlier by someone else: the same field error as the check above
      // (asked after the rollback: on SQLite a query beside an open transaction would wait for it).
      if (changes.username) await this.assertFree(null, changes.username, userId);
      throw err;
    });
    return { me: await this.me(userId), message };
  }

  async deleteMe(userId: number, password: string): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw notFound();
    await this.checkPassword(user, password, 'password', MESSAGES.wrongPassword);
    const now = this.clock.now();
    const afterCommit: (() => Promise<void>)[] = [];
    await this.db.transaction().execute(async (trx) => {
      // Anonymise rather than delete: screening history and audit rows keep their foreign keys.
      await repo.updateUser(trx, userId, {
        email: `deleted-${userId}@deleted.invalid`,
        username: `已注销用户${userId}`,
        username_key: `deleted-${userId}`,
        password_hash: '',
        status: 'deleted',
        settings: '{}',
      });
      await repo.revokeUserSessions(trx, userId, now);
      await this.audit.record(trx, { actorId: userId, action: 'user.delete', targetType: 'user', targetId: userId });
      await this.events.publish('account.deleted', { trx, userId, afterCommit: (step) => afterCommit.push(step) });
    });
    for (const step of afterCommit) await step();
  }

  async requestPasswordReset(emailInput: string, ip: string): Promise<void> {
    const email = emailInput.trim().toLowerCase();
    await this.limiter.consume(`reset:address:${ip}`, LIMITS.resetRequestsPerAddress);
    const user = await repo.findUserByEmail(this.db, email);
    // Past the per-email limit we quietly send nothing: the answer must not differ (no enumeration).
    const count = await this.limiter.hit(`reset:email:${email}`, LIMITS.resetRequestsPerEmail);
    if (!user || user.status === 'deleted' || count > LIMITS.resetRequestsPerEmail.max) return;
    const now = this.clock.now();
    const { token, tokenHash } = newToken();
    const link = `${this.publicUrl}/reset?token=${token}`;
    await this.db.transaction().execute(async (trx) => {
      // Only the newest link works: an earlier mail that leaked is dead now.
      await repo.invalidatePasswordResets(trx, user.id, now);
      await repo.insertPasswordReset(trx, {
        userId: user.id,
        tokenHash,
        now,
        expiresAt: now + RESET_TOKEN_MINUTES * 60_000,
      });
      await enqueueMail(
        trx,
        {
          to: user.email,
          subject: '航迹 Contrail 密码重置',
          body: `${user.username}，你好：\n\n请在 1 小时内打开下面的链接设置新密码：\n${link}\n\n如果这不是你本人的操作，请忽略本邮件。`,
        },
        now,
      );
    });
  }

  async resetPassword(token: string, password: string, ip: string): Promise<void> {
    await this.limiter.consume(`reset:attempt:${ip}`, LIMITS.resetAttemptsPerAddress);
    const invalid = () => badRequest(MESSAGES.resetTokenInvalid, [{ path: ['token'], message: MESSAGES.resetTokenInvalid }]);
    const tokenHash = hashToken(token);
    // The token first: a dead link costs no password hash.
    if (!(await repo.findLivePasswordReset(this.db, tokenHash, this.clock.now()))) throw invalid();
    const passwordHash = await hashPassword(password);
    const now = this.clock.now();
    const ok = await this.db.transaction().execute(async (trx) => {
      const reset = await repo.consumePasswordReset(trx, tokenHash, now);
      if (!reset) return false;
      await repo.updateUser(trx, reset.user_id, { password_hash: passwordHash });
      await repo.revokeUserSessions(trx, reset.user_id, now);
      await repo.invalidatePasswordResets(trx, reset.user_id, now);
      return true;
    });
    if (!ok) throw invalid();
  }

  /** Password checks on a signed-in account (change, deletion) are limited like logins. */
  private async checkPassword(user: UserRow, password: string, field: string, message: string): Promise<void> {
    const key = `password:account:${user.id}`;
    await this.limiter.consume(key, LIMITS.passwordChecksPerAccount, MESSAGES.tooManyAttempts);
    if (!(await verifyPassword(user.password_hash, password))) throw badRequest(message, [{ path: [field], message }]);
    await this.limiter.clear(key);
  }

  async publicProfile(id: number): Promise<PublicUserBase> {
    const user = await repo.findPublicUser(this.db, id);
    if (!user) throw notFound();
    return presentPublicUser(user);
  }

  // ---- administration (CLI and admin pages) ----

  async requireByEmail(email: string): Promise<UserRow> {
    const user = await repo.findUserByEmail(this.db, email);
    if (!user || user.status === 'deleted') throw notFound(`找不到邮箱为 ${email} 的用户`);
    return user;
  }

  /** Runs in the caller's transaction (one admin request with several changes) or in its own. */
  private within<T>(trx: DbOrTrx | undefined, work: (trx: DbOrTrx) => Promise<T>): Promise<T> {
    return trx ? work(trx) : this.db.transaction().execute(work);
  }

  // Each change is guarded in its UPDATE: a deleted account is never changed (409), whatever was read before.

  async setLevel(userId: number, level: number, actorId: number | null, trx?: DbOrTrx): Promise<void> {
    await this.within(trx, async (trx) => {
      if (!(await repo.updateLiveUser(trx, userId, { level }))) throw conflict(MESSAGES.accountGone);
      await this.audit.record(trx, { actorId, action: 'user.level', targetType: 'user', targetId: userId, detail: { level } });
    });
  }

  async suspend(userId: number, reason: string, until: number | null, actorId: number | null, trx?: DbOrTrx): Promise<void> {
    const now = this.clock.now();
    await this.within(trx, async (trx) => {
      const patch = { status: 'suspended' as const, suspension_reason: reason, suspended_until: until };
      if (!(await repo.updateLiveUser(trx, userId, patch))) throw conflict(MESSAGES.accountGone);
      await repo.revokeUserSessions(trx, userId, now);
      await this.audit.record(trx, {
        actorId,
        action: 'user.suspend',
        targetType: 'user',
        targetId: userId,
        detail: { reason, until },
      });
    });
  }

  /** Lifts a suspension; false (and nothing logged) when the account was not suspended any more. */
  async unsuspend(userId: number, actorId: number | null, trx?: DbOrTrx): Promise<boolean> {
    return this.within(trx, async (trx) => {
      if (!(await repo.liftSuspension(trx, userId))) return false;
      await this.audit.record(trx, { actorId, action: 'user.unsuspend', targetType: 'user', targetId: userId });
      return true;
    });
  }

  // ---- upkeep (scheduled jobs) ----

  /** Usernames by id, for presenting who uploaded or suggested something. */
  async usernames(ids: number[]): Promise<Map<number, string>> {
    return new Map((await repo.usernamesByIds(this.db, [...new Set(ids)])).map((u) => [u.id, u.username]));
  }

  // ---- administration (level 3, the manage module; PRODUCT.md §3.13) ----

  async adminSearch(q: string): Promise<AdminUserBase[]> {
    return (await repo.searchUsers(this.db, q, ADMIN_USERS_LIMIT)).map(presentAdminUser);
  }

  async adminUser(id: number): Promise<AdminUserBase> {
    const user = await repo.findUserById(this.db, id);
    if (!user) throw notFound();
    return presentAdminUser(user);
  }

  async setSlots(
    userId: number,
    /** An absent (undefined) count stays as it is. */
    slots: { queueSlots?: number; prioritySlots?: number },
    actorId: number,
    trx?: DbOrTrx,
  ): Promise<void> {
    await this.within(trx, async (trx) => {
      const patch = {
        ...(slots.queueSlots !== undefined ? { queue_slots: slots.queueSlots } : {}),
        ...(slots.prioritySlots !== undefined ? { priority_slots: slots.prioritySlots } : {}),
      };
      if (!(await repo.updateLiveUser(trx, userId, patch))) throw conflict(MESSAGES.accountGone);
      await this.audit.record(trx, { actorId, action: 'user.slots', targetType: 'user', targetId: userId, detail: slots });
    });
  }

  /** Signs the member out everywhere. */
  async revokeAllSessions(userId: number, actorId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repo.revokeUserSessions(trx, userId, this.clock.now());
      await this.audit.record(trx, { actorId, action: 'user.sessions.revoke', targetType: 'user', targetId: userId });
    });
  }

  /** Lifts suspensions whose end date has passed (PRODUCT.md §4.6). */
  async liftEndedSuspensions(): Promise<number> {
    // The update claims the rows: with several processes, each lift is done (and logged) once.
    return this.db.transaction().execute(async (trx) => {
      const ids = await repo.liftEndedSuspensions(trx, this.clock.now());
      for (const id of ids) {
        await this.audit.record(trx, {
          actorId: null,
          action: 'user.unsuspend',
          targetType: 'user',
          targetId: id,
          detail: { ended: true },
        });
      }
      return ids.length;
    });
  }

  /** Deletes sessions that expired, and revoked ones once their day of grace is over. */
  deleteDeadSessions(): Promise<void> {
    return repo.deleteDeadSessions(this.db, this.clock.now());
  }

  // ---- quotas (read by the photos module) ----

  /**
   * The member's queue slots, read inside the caller's transaction. On PostgreSQL the member's row
   * is locked until that transaction ends, so one member's concurrent uploads count one at a time;
   * SQLite has a single writer already.
   */
  async slotsForUpdate(trx: DbOrTrx, userId: number): Promise<QueueSlots> {
    const row = await repo.findSlots(trx, userId, this.dialect === 'postgres');
    if (!row) throw notFound();
    // Checked again under the lock: an account deleted or suspended while its upload (or appeal) was
    // on its way gets nothing committed.
    if (row.status === 'deleted') throw unauthenticated(SHELL.loginFirst);
    if (isSuspended(row, this.clock.now())) throw suspendedError(row.suspension_reason, row.suspended_until);
    return { normal: row.queue_slots, priority: row.priority_slots };
  }

  /** Serialises one member's competing changes (appeals, uploads) until the caller's transaction ends. */
  async lockMember(trx: DbOrTrx, userId: number): Promise<void> {
    await this.slotsForUpdate(trx, userId);
  }

  async slots(userId: number): Promise<QueueSlots> {
    return this.slotsForUpdate(this.db, userId);
  }

  /** Where a member's screening digest goes; null when the member turned those mails off or left. */
  async screeningMailRecipient(userId: number): Promise<{ email: string; username: string } | null> {
    const user = await repo.findUserById(this.db, userId);
    if (!user || user.status !== 'active' || !parseSettings(user.settings).screeningMails) return null;
    return { email: user.email, username: user.username };
  }
}
