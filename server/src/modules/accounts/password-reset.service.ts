import { RESET_TOKEN_MINUTES } from '../../../../contract/limits.js';
import { MESSAGES } from '../../../../contract/texts.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../shared/errors.js';
import { LIMITS, type Limiter } from '../../http/rate-limit.js';
import { enqueueMail } from '../../mail/outbox.js';
import * as repo from './accounts.repository.js';
import { passwordResetMail } from './accounts.texts.js';
import { hashPassword, hashToken, newToken } from './tokens.js';

/**
 * Password reset (PRODUCT.md §3.2): a one-hour link by mail through the outbox, only the newest one
 * alive, the same answer whether the address exists or not; a new password ends every session.
 */
export class PasswordResetService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: Limiter,
    private readonly publicUrl: string,
  ) {}

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
      await enqueueMail(trx, { to: user.email, ...passwordResetMail({ username: user.username, link }) }, now);
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
}
