import type { RegisterRequest, SessionResponse } from '../../../../contract/accounts.js';
import { regionOf } from '../../shared/ip-region.js';
import { LEVELS, SESSION_DAYS } from '../../../../contract/limits.js';
import { APPEAL_TEXTS } from '../../../../contract/messages.js';
import { MESSAGES, SHELL, suspendedMessage } from '../../../../contract/texts.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, forbidden, unauthenticated } from '../../shared/errors.js';
import { LIMITS, type Limiter } from '../../http/rate-limit.js';
import type { SiteService } from '../site/site.service.js';
import * as repo from './accounts.repository.js';
import { isSuspended, suspendedError, type AccountsService } from './accounts.service.js';
import type { AccountsAdminService } from './admin.service.js';
import { hashPassword, hashToken, newToken, verifyPassword } from './tokens.js';

const DAY = 86_400_000;

/** A suspended member as their appeal names them: where the answer goes, and what the suspension says. */
export interface SuspendedCaller {
  id: number;
  username: string;
  email: string;
  suspension: string;
}

/** Signing in and out (PRODUCT.md §2.3, §2.5, §6.1): registration, login, bearer tokens, 30-day sessions. */
export class SessionsService {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: Limiter,
    private readonly accounts: AccountsService,
    private readonly admin: AccountsAdminService,
    private readonly site: SiteService,
  ) {}

  /** Resolves a bearer token. Null when unknown, expired or revoked; throws for a suspended user. */
  async authenticate(token: string): Promise<AuthUser | null> {
    const row = await repo.findSessionWithUser(this.db, hashToken(token));
    if (!row) return null;
    const now = this.clock.now();
    if (isSuspended(row, now)) throw suspendedError(row.suspension_reason, row.suspended_until);
    if (row.revoked_at !== null || row.expires_at <= now || row.status !== 'active') {
      if (row.status === 'suspended') {
        // The suspension has ended but the job has not lifted it yet: do it now (logged as the job does).
        await this.admin.liftEndedSuspensions();
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
    const { user, keys } = await this.checkPassword(emailInput, password, ip);
    const now = this.clock.now();
    if (isSuspended(user, now)) throw suspendedError(user.suspension_reason, user.suspended_until);
    // Its suspension has ended but the job has not lifted it yet: do it now (logged as the job does).
    if (user.status === 'suspended') await this.admin.liftEndedSuspensions();
    await this.assertNotMaintenance(user.level);
    // Only failures count: a success clears this address's failures on the account and gives the
    // other two counters their slot back.
    await this.passwordAccepted(keys);
    return this.openSession(user, MESSAGES.loginOk, ip);
  }

  /**
   * The account of an email and password, each try counted first (a login, a suspension appeal); 401
   * when they do not match. The keys are the counters, for the caller to clear on success.
   */
  private async checkPassword(emailInput: string, password: string, ip: string) {
    const email = emailInput.trim().toLowerCase();
    // Failures are counted per account and address together, so someone guessing from one address
    // cannot lock the owner out of their own account from another (OWASP: lockout is a denial of
    // service); per address over all accounts (one address trying many); and per account over all
    // addresses, with a cap far above what a person types, against guessing spread over many addresses.
    const keys = [
      [`login:pair:${email}:${ip}`, LIMITS.loginFailuresPerAccountAndAddress],
      [`login:address:${ip}`, LIMITS.loginFailuresPerAddress],
      [`login:account:${email}`, LIMITS.loginFailuresPerAccount],
    ] as const;
    // Slots first, then the slow hash: parallel guesses cannot all pass a check made before counting.
    for (const [key, rule] of keys) await this.limiter.consume(key, rule, MESSAGES.tooManyAttempts);

    const user = await repo.findUserByEmail(this.db, email);
    const ok =
      user && user.status !== 'deleted'
        ? await verifyPassword(user.password_hash, password)
        : // Same work for an unknown email, so response time does not reveal which emails exist.
          await verifyPassword(await this.getDummyHash(), password).then(() => false);
    if (!user || !ok) throw unauthenticated(MESSAGES.badCredentials);
    return { user, keys };
  }

  /** A right password clears this address's failures on the account and gives the other two counters their slot back. */
  private async passwordAccepted(keys: Awaited<ReturnType<SessionsService['checkPassword']>>['keys']): Promise<void> {
    await this.limiter.clear(keys[0][0]);
    await this.limiter.release(keys[1][0]);
    await this.limiter.release(keys[2][0]);
  }

  /**
   * Who sends a suspension appeal: the account of the bearer token the suspension refuses (its sessions
   * were revoked, but the token names its member until they are cleaned up), else of the email and
   * password (met at login). 401 when neither names an account, 403 when it is not suspended.
   */
  async suspendedCaller(
    proof: { token: string | null; email?: string | undefined; password?: string | undefined },
    ip: string,
  ): Promise<SuspendedCaller> {
    const now = this.clock.now();
    let userId: number | null = null;
    if (proof.token) userId = (await repo.findSessionWithUser(this.db, hashToken(proof.token)))?.userId ?? null;
    else if (proof.email && proof.password) {
      const { user, keys } = await this.checkPassword(proof.email, proof.password, ip);
      await this.passwordAccepted(keys);
      userId = user.id;
    }
    const user = userId === null ? undefined : await repo.findUserById(this.db, userId);
    if (!user || user.status === 'deleted') throw unauthenticated(SHELL.loginFirst);
    if (!isSuspended(user, now)) throw forbidden(APPEAL_TEXTS.notSuspended);
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      suspension: suspendedMessage(user.suspension_reason ?? MESSAGES.defaultSuspensionReason, user.suspended_until),
    };
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

  /** A new session; the address it came from is kept only as its region (IP属地, issue 38). */
  private async openSession(
    user: Pick<UserRow, 'id' | 'username' | 'level'>,
    message: string,
    ip: string,
  ): Promise<SessionResponse> {
    const now = this.clock.now();
    const { token, tokenHash } = newToken();
    const expireTime = now + SESSION_DAYS * DAY;
    await repo.insertSession(this.db, { tokenHash, userId: user.id, now, expiresAt: expireTime });
    await repo.setIpRegion(this.db, user.id, regionOf(ip));
    return { message, token, username: user.username, id: user.id, permission: user.level, expireTime };
  }

  async register(input: RegisterRequest, ip: string): Promise<SessionResponse> {
    const addressKey = `register:address:${ip}`;
    // Every attempt counts, so a taken username cannot be used to probe e-mails without limit.
    await this.limiter.consume(addressKey, LIMITS.registrationsPerAddress);
    await this.assertNotMaintenance(LEVELS.member);
    const user = await this.accounts.createUser({
      email: input.email,
      username: input.username,
      password: input.password,
      level: LEVELS.member,
    });
    return this.openSession(user, MESSAGES.registerOk, ip);
  }

  async logout(sessionId: number): Promise<void> {
    await repo.revokeSession(this.db, sessionId, this.clock.now());
  }

  /** Deletes sessions that expired, and revoked ones once their day of grace is over. */
  deleteDeadSessions(): Promise<void> {
    return repo.deleteDeadSessions(this.db, this.clock.now());
  }
}
