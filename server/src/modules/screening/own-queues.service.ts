import { REJECT_REASONS } from '../../../../contract/photos.js';
import type { RejectQueueResponse, UploadQueueResponse } from '../../../../contract/photos.js';
import { SCREENING_LIMITS } from '../../../../contract/screening.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../http/auth.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { AppealsService } from './appeals.service.js';
import * as repo from './own-queues.repository.js';
import { fromJson } from '../../db/json.js';

const DAY = 86_400_000;

/** A member's own photos in screening (PRODUCT.md §3.7, §3.8): where each waits, and what was rejected and why. */
export class OwnQueuesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly photos: PhotosService,
    private readonly appeals: AppealsService,
    private readonly accounts: AccountsService,
  ) {}

  async uploadQueue(user: AuthUser): Promise<UploadQueueResponse> {
    const slots = await this.accounts.slots(user.id);
    const rows = await repo.listWaitingOf(this.db, user.id);
    const now = this.clock.now();
    // The pace of the last day when screeners were at work, else the average of the last 14 days.
    const lastDay = await repo.countDecisionsSince(this.db, now - DAY);
    const perDay = lastDay > 0 ? lastDay : (await repo.countDecisionsSince(this.db, now - 14 * DAY)) / 14;
    const priorityWaiting = await repo.countPendingInQueue(this.db, 'priority');
    const photos = await this.photos.present(rows, user);
    const items = await Promise.all(
      rows.map(async (row, i) => {
        const position = (await repo.countAhead(this.db, row.queue, row.created_at, row.id)) + 1;
        // Priority photos are screened first, so a normal photo also waits for all of them.
        const effective = position + (row.queue === 'normal' ? priorityWaiting : 0);
        return {
          photo: photos[i]!,
          position: row.state === 'pending' ? position : 0,
          estimatedWaitDays: row.state === 'pending' && perDay > 0 ? Math.round((effective / perDay) * 10) / 10 : null,
        };
      }),
    );
    return {
      items,
      slots: {
        normal: slots.normal,
        priority: slots.priority,
        normalUsed: rows.filter((r) => r.queue === 'normal').length,
        priorityUsed: rows.filter((r) => r.queue === 'priority').length,
      },
    };
  }

  async rejectQueue(user: AuthUser): Promise<RejectQueueResponse> {
    const rows = await repo.listRejectedOf(this.db, user.id, this.clock.now() - 30 * DAY);
    const [photos, appeals] = await Promise.all([this.photos.present(rows, user), this.appeals.of(rows.map((r) => r.id))]);
    const items = await Promise.all(
      rows.map(async (row, i) => {
        const event = await repo.lastRejection(this.db, row.id);
        const codes = event ? fromJson(event.reasons) : [];
        const rejectedAt = event?.created_at ?? row.decided_at ?? row.updated_at;
        const appeal = appeals.get(row.id) ?? null;
        return {
          photo: photos[i]!,
          reasons: REJECT_REASONS.filter((r) => codes.includes(r.code)).map((r) => ({
            code: r.code,
            title: r.title,
            guide: r.guide,
          })),
          message: event?.message ?? null,
          rejectedAt,
          appeal,
          appealUntil: row.state === 'rejected' && !appeal ? rejectedAt + SCREENING_LIMITS.appealDays * DAY : null,
        };
      }),
    );
    return { items };
  }
}
