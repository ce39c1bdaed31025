import {
  STATISTICS_LIMITS,
  STATISTICS_MESSAGES,
  type RankingsResponse,
  type UserStatistics,
} from '../../../../contract/statistics.js';
import { SITE_OFFSET_MS, siteDayOf, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../shared/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import { cardsByIds } from './pages.service.js';
import * as repo from './statistics.repository.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** A month's rankings are counted again after this long (the month under way changes; past ones hardly). */
const RANKINGS_TTL_MS = 10 * 60_000;
/** Months kept counted at once: the recent ones people open. */
const RANKINGS_KEPT = 24;

/** The instants a site month (`YYYY-MM`, UTC+8) starts and ends. */
export function monthRange(month: string): { from: number; to: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: Date.UTC(y, m - 1, 1) - SITE_OFFSET_MS, to: Date.UTC(y, m, 1) - SITE_OFFSET_MS };
}

/**
 * A photographer's statistics and the monthly rankings (issue 39, item 6), from the views kept per day,
 * the likes with their time, and each airframe's 首张.
 */
export class StatisticsService {
  private readonly rankings = new Map<string, { at: number; value: RankingsResponse }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly photos: PhotosService,
    private readonly accounts: AccountsService,
  ) {}

  /** Views per week (Monday to Sunday, the site's) for the last weeks, and the member's top photos. */
  async member(userId: number): Promise<UserStatistics> {
    await this.accounts.publicProfile(userId);
    const today = Date.parse(`${siteDayOf(this.clock.now())}T00:00:00Z`);
    const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
    const first = monday - (STATISTICS_LIMITS.weeks - 1) * WEEK_MS;
    const [days, top] = await Promise.all([
      repo.viewsByDay(this.db, userId, new Date(first).toISOString().slice(0, 10)),
      repo.topPhotos(this.db, userId, STATISTICS_LIMITS.top),
    ]);
    const weeks = Array.from({ length: STATISTICS_LIMITS.weeks }, (_, i) => ({
      start: new Date(first + i * WEEK_MS).toISOString().slice(0, 10),
      views: 0,
    }));
    for (const { day, views } of days) {
      const week = weeks[Math.floor((Date.parse(`${day}T00:00:00Z`) - first) / WEEK_MS)];
      if (week) week.views += views;
    }
    return { weeks, top: await this.photos.presentCards(top) };
  }

  /** A month's rankings, from the site's first month to the present one. */
  async month(month: string): Promise<RankingsResponse> {
    const now = this.clock.now();
    if (month < STATISTICS_LIMITS.firstMonth || month > siteDayOf(now).slice(0, 7))
      throw notFound(STATISTICS_MESSAGES.noSuchMonth);
    const kept = this.rankings.get(month);
    if (kept && now - kept.at < RANKINGS_TTL_MS) return kept.value;
    const { from, to } = monthRange(month);
    const limit = STATISTICS_LIMITS.ranking;
    const [liked, likedMembers, firsts] = await Promise.all([
      repo.likedPhotos(this.db, from, to, limit),
      repo.likedMembers(this.db, from, to, limit),
      repo.firstsByMember(this.db, from, to, limit),
    ]);
    const cards = await cardsByIds(
      this.db,
      this.photos,
      liked.map((p) => p.id),
    );
    const value = {
      month,
      photos: liked.flatMap(({ id, likes }) => {
        const photo = cards.get(id);
        return photo ? [{ photo, likes }] : [];
      }),
      liked: likedMembers,
      firsts,
    };
    this.rankings.delete(month);
    this.rankings.set(month, { at: now, value });
    if (this.rankings.size > RANKINGS_KEPT) this.rankings.delete(this.rankings.keys().next().value!);
    return value;
  }
}
