import { MAX_ID } from '../../../../contract/limits.js';
import type { PhotoState } from '../../../../contract/photos.js';
import {
  SCREENING_LIMITS,
  type QueueCounts,
  type QueueQuery,
  type QueueResponse,
  type QueueRow,
  type ScreeningEvent,
  type ScreeningView,
  type StatsResponse,
  type UploaderSummary,
} from '../../../../contract/screening.js';
import { SITE_OFFSET_MS, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { PhotoRow } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { invalidCursor } from '../../http/cursor.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { LiveriesService } from '../airframes/liveries.service.js';
import { decisionsFor } from '../photos/lifecycle.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import * as appealsRepo from './appeals.repository.js';
import type { AppealsService } from './appeals.service.js';
import { WAITING, type LocksService } from './locks.service.js';
import { idsNamedBy, presentEvent, presentLock, withLabels, type FactNames } from './screening.presenter.js';
import * as repo from './screening.repository.js';
import { screening } from '../../policies/index.js';

const DAY = 86_400_000;

/** Start of "today" for the statistics: the day as screeners in China count it (UTC+8). */
const startOfDay = (now: number) => now - ((now + SITE_OFFSET_MS) % DAY);

function encodeCursor(row: { created_at: number; id: number }) {
  return Buffer.from(`${row.created_at}:${row.id}`).toString('base64url');
}
function decodeCursor(cursor: string | undefined): { createdAt: number; id: number } | null {
  if (!cursor) return null;
  const m = /^(\d{1,15}):(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m || Number(m[2]) > MAX_ID) throw invalidCursor();
  return { createdAt: Number(m[1]), id: Number(m[2]) };
}

/**
 * What screeners read (PRODUCT.md §3.9, §3.10): the queue's tabs with their counts, one photo with its
 * history and its uploader's record, and the statistics.
 */
export class ScreeningQueueService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly locks: LocksService,
    private readonly appeals: AppealsService,
    private readonly photos: PhotosService,
    private readonly accounts: AccountsService,
    private readonly reference: ReferenceService,
    private readonly liveries: LiveriesService,
  ) {}

  async queue(viewer: AuthUser, q: QueueQuery): Promise<QueueResponse> {
    const counts = await this.counts();
    if (q.tab === 'decided') {
      const decisions = await repo.recentDecisions(this.db, SCREENING_LIMITS.decidedListed);
      const rows = await repo.photosByIds(this.db, [...new Set(decisions.map((d) => d.photo_id))]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const events = await this.events(rows.map((r) => r.id));
      const listed = decisions.flatMap((d) => {
        const row = byId.get(d.photo_id);
        const event = events.get(d.photo_id)?.find((e) => e.id === d.id);
        return row && event ? [{ row, event }] : [];
      });
      const items = await this.rows(
        listed.map((l) => l.row),
        viewer,
      );
      return { items: items.map((item, i) => ({ ...item, lastEvent: listed[i]!.event })), nextCursor: null, counts };
    }
    const filter =
      q.tab === 'normal' || q.tab === 'priority'
        ? { states: ['pending'] as PhotoState[], queue: q.tab }
        : { states: [q.tab === 'escalated' ? 'escalated' : 'appealed'] as PhotoState[], queue: null };
    const page = await repo.waitingPage(this.db, filter, decodeCursor(q.cursor), q.limit);
    const rows = page.slice(0, q.limit);
    return {
      items: await this.rows(rows, viewer),
      nextCursor: page.length > q.limit ? encodeCursor(rows[rows.length - 1]!) : null,
      counts,
    };
  }

  private async counts(): Promise<QueueCounts> {
    return (await this.waiting()).counts;
  }

  /**
   * The photos waiting in each tab of the screening queue, with those waiting longer than 7 days: the
   * one count the queue's tabs and the management dashboard both show.
   */
  async waiting(): Promise<{ counts: QueueCounts; overdueByQueue: { normal: number; priority: number } }> {
    const rows = await repo.waitingCounts(this.db, this.clock.now() - SCREENING_LIMITS.flagAfterDays * DAY);
    const sum = (pick: (r: (typeof rows)[number]) => boolean, n: (r: (typeof rows)[number]) => unknown = (r) => r.n) =>
      rows.filter(pick).reduce((total, r) => total + Number(n(r) ?? 0), 0);
    const pending = (queue: 'normal' | 'priority') => (r: (typeof rows)[number]) => r.state === 'pending' && r.queue === queue;
    return {
      counts: {
        normal: sum(pending('normal')),
        priority: sum(pending('priority')),
        escalated: sum((r) => r.state === 'escalated'),
        appeals: sum((r) => r.state === 'appealed'),
        overdue: sum(
          () => true,
          (r) => r.overdue,
        ),
      },
      overdueByQueue: {
        normal: sum(pending('normal'), (r) => r.overdue),
        priority: sum(pending('priority'), (r) => r.overdue),
      },
    };
  }

  private async rows(rows: PhotoRow[], viewer: AuthUser): Promise<QueueRow[]> {
    if (rows.length === 0) return [];
    const now = this.clock.now();
    const ids = rows.map((r) => r.id);
    const [photos, locks, appeals, uploaders] = await Promise.all([
      this.photos.present(rows, viewer),
      repo.liveLocks(this.db, ids, now),
      this.appeals.of(ids),
      this.uploaders([...new Set(rows.map((r) => r.uploader_id))]),
    ]);
    const lockBy = new Map(locks.map((l) => [l.photo_id, presentLock(l, viewer)]));
    return rows.map((row, i) => {
      const ageDays = (now - row.created_at) / DAY;
      return {
        photo: photos[i]!,
        uploader: uploaders.get(row.uploader_id)!,
        ageDays: Math.round(ageDays * 10) / 10,
        overdue: WAITING.includes(row.state) && ageDays > SCREENING_LIMITS.flagAfterDays,
        lock: lockBy.get(row.id) ?? null,
        lastEvent: null,
        appeal: appeals.get(row.id) ?? null,
      };
    });
  }

  /**
   * A member's acceptance rate over their last 50 decided photos (null without any). A photo counts
   * once, by its latest outcome: a rejection overturned on appeal is one accepted photo, not one of each.
   */
  async acceptance(userId: number): Promise<Pick<UploaderSummary, 'acceptanceRate' | 'decided'>> {
    const latest = new Map<number, { to_state: string }>();
    for (const o of await repo.lastOutcomesOf(this.db, userId, 150)) if (!latest.has(o.photo_id)) latest.set(o.photo_id, o);
    const outcomes = [...latest.values()].slice(0, 50);
    const accepted = outcomes.filter((o) => o.to_state === 'accepted').length;
    return {
      decided: outcomes.length,
      acceptanceRate: outcomes.length > 0 ? Math.round((accepted / outcomes.length) * 1000) / 1000 : null,
    };
  }

  private async uploaders(ids: number[]): Promise<Map<number, UploaderSummary>> {
    const [usernames, acceptances] = await Promise.all([
      this.accounts.usernames(ids),
      Promise.all(ids.map((id) => this.acceptance(id))),
    ]);
    return new Map(ids.map((id, i) => [id, { id, username: usernames.get(id) ?? '', ...acceptances[i]! }] as const));
  }

  private async events(photoIds: number[]): Promise<Map<number, ScreeningEvent[]>> {
    const rows = photoIds.length > 0 ? await repo.eventsOfPhotos(this.db, photoIds) : [];
    const events = rows.map(presentEvent);
    const names = await this.factNames(idsNamedBy(events));
    const map = new Map<number, ScreeningEvent[]>();
    rows.forEach((r, i) => map.set(r.photo_id, [...(map.get(r.photo_id) ?? []), withLabels(events[i]!, names)]));
    return map;
  }

  private async factNames(ids: Record<keyof FactNames, number[]>): Promise<FactNames> {
    const [refs, liveries] = await Promise.all([
      this.reference.summaries(ids),
      ids.liveries.length > 0 ? this.liveries.names(this.db, ids.liveries) : new Map<number, string>(),
    ]);
    const labels = (m: Map<number, { label: string }>) => new Map([...m].map(([id, r]) => [id, r.label]));
    return { types: labels(refs.types), airlines: labels(refs.airlines), airports: labels(refs.airports), liveries };
  }

  /** Everything the screening page shows of one photo, for any screener (read-only when locked). */
  async view(photoId: number, viewer: AuthUser): Promise<ScreeningView> {
    const row = await this.locks.photoFor(photoId);
    const [[photo], lock, events, appeals, uploaders, outcomes, same] = await Promise.all([
      this.photos.present([row], viewer),
      this.locks.lockOf(photoId, viewer),
      this.events([photoId]),
      this.appeals.of([photoId]),
      this.uploaders([row.uploader_id]),
      repo.lastOutcomesOf(this.db, row.uploader_id, 10),
      repo.sameRegistration(this.db, row.registration_key, row.id, 12),
    ]);
    const rejecter = row.state === 'appealed' ? await appealsRepo.lastRejecter(this.db, photoId) : null;
    const allowed =
      row.uploader_id === viewer.id || rejecter === viewer.id
        ? []
        : decisionsFor(row.state, viewer.level).filter(
            (a): a is 'accept' | 'reject' | 'escalate' | 'revoke' =>
              a === 'accept' || a === 'reject' || a === 'escalate' || a === 'revoke',
          );
    return {
      photo: photo!,
      uploader: uploaders.get(row.uploader_id)!,
      lock,
      history: events.get(photoId) ?? [],
      appeal: appeals.get(photoId) ?? null,
      readOnlyReason: screening.readOnlyReason(viewer, { state: row.state, uploaderId: row.uploader_id }, allowed),
      uploaderRecent: outcomes.map((o) => ({ photoId: o.photo_id, state: o.to_state as PhotoState, at: o.created_at })),
      sameRegistration: await this.photos.present(same, viewer),
      allowed,
    };
  }

  /** The team's decisions since the start of today (the management dashboard). */
  decisionsToday(): Promise<number> {
    return repo.countDecisions(this.db, null, startOfDay(this.clock.now()));
  }

  async stats(viewer: AuthUser): Promise<StatsResponse> {
    const now = this.clock.now();
    const today = startOfDay(now);
    const month = now - 30 * DAY;
    const [mineToday, mineMonth, mineAll, teamToday, teamMonth, teamAll, counts] = await Promise.all([
      repo.countDecisions(this.db, viewer.id, today),
      repo.countDecisions(this.db, viewer.id, month),
      repo.countDecisions(this.db, viewer.id, 0),
      repo.countDecisions(this.db, null, today),
      repo.countDecisions(this.db, null, month),
      repo.countDecisions(this.db, null, 0),
      this.counts(),
    ]);
    return {
      mine: { today: mineToday, last30Days: mineMonth, allTime: mineAll },
      team: {
        today: teamToday,
        last30Days: teamMonth,
        allTime: teamAll,
        waiting: counts.normal + counts.priority + counts.escalated + counts.appeals,
        overdue: counts.overdue,
      },
    };
  }
}
