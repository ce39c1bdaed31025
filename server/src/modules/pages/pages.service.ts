import { firstsOf } from '../airframes/first-photos.js';
import type { PublicUser } from '../../../../contract/accounts.js';
import type { SiteStats } from '../../../../contract/gallery.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { GalleryService } from '../gallery/gallery.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import type { ScreeningQueueService } from '../screening/queue.service.js';
import * as repo from './pages.repository.js';

/** The home statistics are counted again after this long, or at once when the gallery changes. */
const STATS_TTL_MS = 60_000;

/**
 * What public pages show that gathers several modules (issue 35, item 5): the home statistics and a
 * member's page. With page meta and the airframe pages beside it, this module reads others and nobody
 * reads it, so it closes no circle (accounts and airframes are read by photos).
 */
export class PagesService {
  private stats: { at: number; version: number; value: SiteStats } | null = null;

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
