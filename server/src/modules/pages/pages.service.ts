import { firstsOf } from '../airframes/first-photos.js';
import type { PublicUser } from '../../../../contract/accounts.js';
import { TRENDING_LIMIT, type PhotoCardItem, type SiteStats, type TrendingResponse } from '../../../../contract/gallery.js';
import { siteDayOf, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { GalleryService } from '../gallery/gallery.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import type { ScreeningQueueService } from '../screening/queue.service.js';
import * as repo from './pages.repository.js';

/** These photos' cards by id, for a list in the order of its ids (a photo gone from the gallery has none). */
export async function cardsByIds(db: Db, photos: PhotosService, ids: number[]): Promise<Map<number, PhotoCardItem>> {
  const cards = await photos.presentCards(await repo.cardRows(db, ids));
  return new Map(cards.map((c) => [c.id, c]));
}

/** The home statistics are counted again after this long, or at once when the gallery changes. */
const STATS_TTL_MS = 60_000;

/**
 * What public pages show that gathers several modules (issue 35, item 5): the home statistics and a
 * member's page. With page meta and the airframe pages beside it, this module reads others and nobody
 * reads it, so it closes no circle (accounts and airframes are read by photos).
 */
export class PagesService {
  private stats: { at: number; version: number; value: SiteStats } | null = null;
  private trend: { at: number; value: TrendingResponse } | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly photos: PhotosService,
    private readonly accounts: AccountsService,
    private readonly reference: ReferenceService,
    private readonly screening: ScreeningQueueService,
    private readonly gallery: GalleryService,
  ) {}

  async siteStats(): Promise<SiteStats> {
    const [now, version] = [this.clock.now(), await this.gallery.currentVersion()];
    if (this.stats && this.stats.version === version && now - this.stats.at < STATS_TTL_MS) return this.stats.value;
    const value = await repo.siteCounts(this.db);
    this.stats = { at: now, version, value };
    return value;
  }

  /**
   * 今日热门 (issue 39): today's most viewed photos (the site's day), then yesterday's while today has few,
   * counted again each minute: the home page asks on every visit.
   */
  async trending(): Promise<TrendingResponse> {
    const now = this.clock.now();
    if (this.trend && now - this.trend.at < STATS_TTL_MS) return this.trend.value;
    const today = siteDayOf(now);
    const ids = await repo.mostViewed(this.db, today, TRENDING_LIMIT);
    if (ids.length < TRENDING_LIMIT) {
      for (const id of await repo.mostViewed(this.db, siteDayOf(now - 86_400_000), TRENDING_LIMIT))
        if (ids.length < TRENDING_LIMIT && !ids.includes(id)) ids.push(id);
    }
    const cards = await cardsByIds(this.db, this.photos, ids);
    const value = { day: today, items: ids.flatMap((id) => cards.get(id) ?? []) };
    this.trend = { at: now, value };
    return value;
  }

  /** A member's public page: the account's fields, the home airport, the cover and the statistics. */
  async profile(userId: number): Promise<PublicUser> {
    const base = await this.accounts.publicProfile(userId);
    const [refs, covers, stats, acceptance, firsts, sightings, collections] = await Promise.all([
      this.reference.summaries({ types: [], airlines: [], airports: base.homeAirportId ? [base.homeAirportId] : [] }),
      base.coverPhotoId ? this.photos.presentByIds([base.coverPhotoId], null) : Promise.resolve(new Map()),
      repo.memberStats(this.db, userId),
      this.screening.acceptance(userId),
      firstsOf(this.db, userId),
      repo.publicSightings(this.db, userId),
      repo.publicCollections(this.db, userId),
    ]);
    const { homeAirportId, coverPhotoId, ...rest } = base;
    const cover = coverPhotoId ? covers.get(coverPhotoId) : undefined;
    return {
      ...rest,
      homeAirport: homeAirportId ? (refs.airports.get(homeAirportId) ?? null) : null,
      coverPhoto: cover && cover.state === 'accepted' && cover.uploader.id === userId ? cover : null,
      stats: { ...stats, firsts, sightings, collections, acceptanceRate: acceptance.acceptanceRate },
    };
  }
}
