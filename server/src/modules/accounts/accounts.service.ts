import { DEFAULT_SETTINGS, type MeResponse, type UserSettings } from '../../../../contract/accounts.js';
import type { FieldIssue } from '../../../../contract/errors.js';
import { MESSAGES, SHELL, suspendedMessage } from '../../../../contract/texts.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle, DbOrTrx } from '../../db/database.js';
import { bumpLookup, LookupVersion, VersionedLookup } from '../../db/versioned-lookup.js';
import type { UserRow } from '../../db/schema.js';
import type { EventHub } from '../../events.js';
import { AppError, badRequest, conflict, notFound, unauthenticated } from '../../shared/errors.js';
import { LIMITS, type Limiter } from '../../http/rate-limit.js';
import * as repo from './accounts.repository.js';
import { ACCOUNTS_TEXTS } from './accounts.texts.js';
import { parseSettings, presentMe, presentPublicUser, type PublicUserBase } from './accounts.presenter.js';
import { hashPassword, verifyPassword } from './tokens.js';
import { toJson } from '../../db/json.js';

export interface QueueSlots {
  normal: number;
  priority: number;
}

export function suspendedError(reason: string | null, until: number | null): AppError {
  return new AppError(403, 'ACCOUNT_SUSPENDED', suspendedMessage(reason ?? MESSAGES.defaultSuspensionReason, until));
}

export function isSuspended(u: Pick<UserRow, 'status' | 'suspended_until'>, now: number): boolean {
  return u.status === 'suspended' && (u.suspended_until === null || u.suspended_until > now);
}

/**
 * Accounts as other code needs them: creating one, who someone is (names, public profile, where their
 * mail goes), the checks every account change shares, and the member's queue slots, read under a lock
 * of the member's row. Sessions, password resets, one's own profile and the administration have their
 * own services beside this one.
 */
export class AccountsService {
  /** Usernames for presenting photos, kept per process (db/versioned-lookup.ts): no query per answer. */
  private readonly usernameLookup: VersionedLookup<string>;
  /** The version of the usernames this process presents with (the gallery checks its answers against it). */
  readonly namesVersion: LookupVersion;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    events: EventHub,
    private readonly limiter: Limiter,
  ) {
    this.namesVersion = new LookupVersion(database.db, 'usernames', clock);
    this.usernameLookup = new VersionedLookup(
      this.namesVersion,
      async (ids) => new Map((await repo.usernamesByIds(this.db, ids)).map((u) => [u.id, u.username])),
    );
    // A member renamed or gone: every process drops its usernames (this one at once).
    const forget = async ({ trx }: { trx: DbOrTrx }) => {
      await bumpLookup(trx, 'usernames');
      this.namesVersion.clear();
    };
    // Last of the listeners: the one version row is held from here to the commit, as briefly as can be.
    events.on('account.renamed', forget, { last: true });
    events.on('account.deleted', forget, { last: true });
    // Members' home airports follow a merge of the airport into another.
    events.on('reference.merged', async ({ trx, kind, fromId, intoId }) => {
      if (kind === 'airports') await repo.moveHomeAirports(trx, fromId, intoId);
    });
  }

  private get db() {
    return this.database.db;
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
        settings: toJson(DEFAULT_SETTINGS),
        created_at: this.clock.now(),
      });
      return (await repo.findUserById(this.db, id))!;
    } catch (err) {
      // Lost a race with a concurrent registration: report it the same way as the check above.
      await this.assertFree(email, username, null);
      throw err;
    }
  }

  /** 409 with an issue on each field (email, username) another account holds. */
  async assertFree(email: string | null, username: string | null, selfId: number | null): Promise<void> {
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

  /** Password checks on a signed-in account (change, deletion) are limited like logins. */
  async checkPassword(user: UserRow, password: string, field: string, message: string): Promise<void> {
    const key = `password:account:${user.id}`;
    await this.limiter.consume(key, LIMITS.passwordChecksPerAccount, MESSAGES.tooManyAttempts);
    if (!(await verifyPassword(user.password_hash, password))) throw badRequest(message, [{ path: [field], message }]);
    await this.limiter.clear(key);
  }

  async me(userId: number): Promise<MeResponse> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw notFound();
    return presentMe(user);
  }

  async publicProfile(id: number): Promise<PublicUserBase> {
    const user = await repo.findPublicUser(this.db, id);
    if (!user) throw notFound();
    return presentPublicUser(user);
  }

  async requireByEmail(email: string): Promise<UserRow> {
    const user = await repo.findUserByEmail(this.db, email);
    if (!user || user.status === 'deleted') throw notFound(ACCOUNTS_TEXTS.noUserWithEmail(email));
    return user;
  }

  /** The settings of active members by id (absent: gone or suspended), for what others may do with their photos. */
  async settingsOf(ids: number[]): Promise<Map<number, UserSettings>> {
    const rows = await repo.settingsByIds(this.db, [...new Set(ids)]);
    return new Map(rows.filter((r) => r.status === 'active').map((r) => [r.id, parseSettings(r.settings)]));
  }

  /** Usernames by id, for presenting who uploaded or suggested something. */
  async usernames(ids: number[]): Promise<Map<number, string>> {
    return this.usernameLookup.get(ids);
  }

  /**
   * The member's queue slots, read inside the caller's transaction. On PostgreSQL the member's row
   * is locked until that transaction ends, so one member's concurrent uploads count one at a time;
   * SQLite has a single writer already.
   */
  async slotsForUpdate(trx: DbOrTrx, userId: number): Promise<QueueSlots> {
    const row = await repo.findSlots(trx, userId, this.database.dialect === 'postgres');
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

  /** How many accounts the site has, whatever their state. */
  countAccounts(): Promise<number> {
    return repo.countUsers(this.db);
  }

  /** Where a member's screening digest goes; null when the member turned those mails off or left. */
  async screeningMailRecipient(userId: number): Promise<{ email: string; username: string } | null> {
    const user = await repo.findUserById(this.db, userId);
    if (!user || user.status !== 'active' || !parseSettings(user.settings).screeningMails) return null;
    return { email: user.email, username: user.username };
  }
}
