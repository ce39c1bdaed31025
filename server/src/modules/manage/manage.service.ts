import { MESSAGES } from '../../../../contract/texts.js';
import {
  MANAGE_MESSAGES,
  type AdminUser,
  type AdminUserDetail,
  type FailedJobsResponse,
  JOB_KIND_LABELS,
  type ManageSummary,
  type UpdateUserRequest,
} from '../../../../contract/manage.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors.js';
import { retryJob, troubledJobs } from '../../jobs/jobs.repository.js';
import type { AccountsAdminService } from '../accounts/admin.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { CurationService } from '../reference/curation.service.js';
import type { ScreeningQueueService } from '../screening/queue.service.js';
import type { PhonesService } from '../phones/phones.service.js';
import type { ReportsService } from '../reports/reports.service.js';
import type { VotesService } from '../votes/votes.service.js';
import { members } from '../../policies/index.js';

/**
 * The administrators' users page (PRODUCT.md §3.13) and the management dashboard: rules and
 * permissions here, each change done by the module that owns it (accounts writes its audit entries).
 */
export class ManageService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accounts: AccountsAdminService,
    private readonly photos: PhotosService,
    private readonly screening: ScreeningQueueService,
    private readonly curation: CurationService,
    private readonly votes: VotesService,
    private readonly reports: ReportsService,
    private readonly phones: PhonesService,
    private readonly audit: AuditService,
  ) {}

  private async withCounts(base: Awaited<ReturnType<AccountsAdminService['adminUser']>>): Promise<AdminUser> {
    const [counts, acceptance] = await Promise.all([this.photos.decisionCounts(base.id), this.screening.acceptance(base.id)]);
    return {
      ...base,
      acceptedPhotos: Number(counts.accepted ?? 0),
      decidedPhotos: Number(counts.decided ?? 0),
      acceptanceRate: acceptance.acceptanceRate,
    };
  }

  async searchUsers(q: string): Promise<{ items: AdminUser[] }> {
    const found = await this.accounts.adminSearch(q);
    return { items: await Promise.all(found.map((u) => this.withCounts(u))) };
  }

  async user(id: number): Promise<AdminUserDetail> {
    const user = await this.withCounts(await this.accounts.adminUser(id));
    return { user, audit: await this.audit.about(this.db, 'user', id), ...(await this.phones.masked(id)) };
  }

  /** Level, suspension (with a reason, until a date or indefinitely), lifting, slots; an admin never demotes or suspends themself. */
  async updateUser(actor: AuthUser, id: number, body: UpdateUserRequest): Promise<{ message: string; user: AdminUser }> {
    const target = await this.accounts.adminUser(id);
    if (target.status === 'deleted') throw conflict(MESSAGES.accountGone);
    if (body.suspend && body.lift)
      throw badRequest(MANAGE_MESSAGES.suspendAndLift, [{ path: ['lift'], message: MANAGE_MESSAGES.suspendAndLift }]);
    if (body.level !== undefined && !members.maySetLevel(actor, id, body.level)) throw forbidden(MANAGE_MESSAGES.selfLevel);
    if (body.suspend && !members.maySuspend(actor, id)) throw forbidden(MANAGE_MESSAGES.selfSuspend);
    if (body.suspend?.until != null && body.suspend.until <= this.clock.now()) {
      throw badRequest(MANAGE_MESSAGES.suspendUntilPast, [
        { path: ['suspend', 'until'], message: MANAGE_MESSAGES.suspendUntilPast },
      ]);
    }
    // One transaction: the request's changes happen together or not at all.
    await this.db.transaction().execute(async (trx) => {
      if (body.level !== undefined && body.level !== target.level) await this.accounts.setLevel(id, body.level, actor.id, trx);
      if (body.suspend) await this.accounts.suspend(id, body.suspend.reason, body.suspend.until, actor.id, trx);
      if (body.lift) await this.accounts.unsuspend(id, actor.id, trx);
      if (body.queueSlots !== undefined || body.prioritySlots !== undefined) {
        await this.accounts.setSlots(id, { queueSlots: body.queueSlots, prioritySlots: body.prioritySlots }, actor.id, trx);
      }
    });
    return { message: MANAGE_MESSAGES.levelSaved, user: await this.withCounts(await this.accounts.adminUser(id)) };
  }

  async revokeSessions(actor: AuthUser, id: number): Promise<{ message: string }> {
    await this.accounts.adminUser(id);
    await this.accounts.revokeAllSessions(id, actor.id);
    return { message: MANAGE_MESSAGES.sessionsRevoked };
  }

  async summary(viewer: AuthUser): Promise<ManageSummary> {
    const [waiting, decisionsToday, openVotes, openReports, pendingSuggestions] = await Promise.all([
      this.screening.waiting(),
      this.screening.decisionsToday(),
      this.votes.openCount(),
      this.reports.countOpen(),
      this.curation.pendingCounts(),
    ]);
    const queue = (name: 'normal' | 'priority') => ({
      waiting: waiting.counts[name],
      olderThan7Days: waiting.overdueByQueue[name],
    });
    return {
      queues: { normal: queue('normal'), priority: queue('priority') },
      decisionsToday,
      openVotes,
      openReports,
      pendingSuggestions,
      can: members.dashboard(viewer),
    };
  }

  /** Background jobs that failed and wait for their next try, and the dead (issue 35): newest first, dead first. */
  async failedJobs(): Promise<FailedJobsResponse> {
    const rows = await troubledJobs(this.db, 200);
    return {
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        label: JOB_KIND_LABELS[r.kind] ?? r.kind,
        attempts: r.attempts,
        lastError: r.last_error ?? '',
        retryAt: r.dead_at === null ? r.run_after : null,
        deadAt: r.dead_at,
        createdAt: r.created_at,
      })),
    };
  }

  /** An administrator's retry: the job runs at the next claim, its tries counted afresh; audited. */
  async retryJob(actor: AuthUser, id: number): Promise<{ message: string }> {
    const now = this.clock.now();
    const retried = await this.db.transaction().execute(async (trx) => {
      if (!(await retryJob(trx, id, now))) return false;
      await this.audit.record(trx, { actorId: actor.id, action: 'job.retry', targetType: 'job', targetId: id });
      return true;
    });
    if (!retried) throw notFound(MANAGE_MESSAGES.jobGone);
    return { message: MANAGE_MESSAGES.jobRetried };
  }
}
