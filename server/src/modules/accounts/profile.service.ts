import type { MeResponse, UpdateMeRequest } from '../../../../contract/accounts.js';
import { PHOTO_MESSAGES } from '../../../../contract/photos.js';
import { MESSAGES } from '../../../../contract/texts.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { EventHub } from '../../events.js';
import { badRequest, notFound } from '../../shared/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import * as repo from './accounts.repository.js';
import { ACCOUNTS_TEXTS } from './accounts.texts.js';
import { parseSettings } from './accounts.presenter.js';
import type { AccountsService } from './accounts.service.js';
import { hashPassword } from './tokens.js';
import { toJson } from '../../db/json.js';

/** One's own account (PRODUCT.md §3.5, §4.5): name, home airport, cover, settings, password, and deleting it. */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventHub,
    private readonly accounts: AccountsService,
    private readonly audit: AuditService,
  ) {}

  async updateMe(userId: number, patch: UpdateMeRequest): Promise<{ me: MeResponse; message: string }> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw notFound();
    let message: string = MESSAGES.savedOk;
    const changes: Parameters<typeof repo.updateUser>[2] = {};
    if (patch.username !== undefined && patch.username !== user.username) {
      await this.accounts.assertFree(null, patch.username, userId);
      changes.username = patch.username;
      changes.username_key = patch.username.toLowerCase();
    }
    if (patch.homeAirportId !== undefined) {
      if (patch.homeAirportId !== null && !(await repo.airportIsAvailable(this.db, patch.homeAirportId))) {
        throw badRequest(PHOTO_MESSAGES.unknownAirport, [{ path: ['homeAirportId'], message: PHOTO_MESSAGES.unknownAirport }]);
      }
      changes.home_airport_id = patch.homeAirportId;
    }
    if (patch.coverPhotoId !== undefined) {
      if (patch.coverPhotoId !== null && !(await repo.isOwnAcceptedPhoto(this.db, userId, patch.coverPhotoId))) {
        throw badRequest(MESSAGES.coverNotOwn, [{ path: ['coverPhotoId'], message: MESSAGES.coverNotOwn }]);
      }
      changes.cover_photo_id = patch.coverPhotoId;
    }
    if (patch.settings) {
      changes.settings = toJson({ ...parseSettings(user.settings), ...patch.settings });
    }
    if (patch.newPassword !== undefined) {
      await this.accounts.checkPassword(user, patch.oldPassword ?? '', 'oldPassword', MESSAGES.wrongOldPassword);
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
      if (changes.username) await this.accounts.assertFree(null, changes.username, userId);
      throw err;
    });
    return { me: await this.accounts.me(userId), message };
  }

  async deleteMe(userId: number, password: string): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw notFound();
    await this.accounts.checkPassword(user, password, 'password', MESSAGES.wrongPassword);
    const now = this.clock.now();
    const afterCommit: (() => Promise<void>)[] = [];
    await this.db.transaction().execute(async (trx) => {
      // Anonymise rather than delete: screening history and audit rows keep their foreign keys.
      await repo.updateUser(trx, userId, {
        email: `deleted-${userId}@deleted.invalid`,
        username: ACCOUNTS_TEXTS.deletedUsername(userId),
        username_key: `deleted-${userId}`,
        password_hash: '',
        status: 'deleted',
        settings: toJson({}),
        // The verified number goes with the account (issue 38): it may verify another one.
        phone: null,
        phone_verified_at: null,
      });
      await repo.revokeUserSessions(trx, userId, now);
      await this.audit.record(trx, { actorId: userId, action: 'user.delete', targetType: 'user', targetId: userId });
      await this.events.publish('account.deleted', { trx, userId, afterCommit: (step) => afterCommit.push(step) });
    });
    for (const step of afterCommit) await step();
  }
}
