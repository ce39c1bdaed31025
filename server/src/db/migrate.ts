import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.js';
import * as m20261122Accounts from './migrations/2026-11-22-01-accounts.js';
import * as m20261122Photos from './migrations/2026-11-22-02-photos.js';
import * as m20261123Screening from './migrations/2026-11-23-01-screening.js';
import * as m20261123Gallery from './migrations/2026-11-23-02-gallery.js';
import * as m20261123Profiles from './migrations/2026-11-23-03-profiles-messages.js';
import * as m20261123Manage from './migrations/2026-11-23-04-manage.js';
import * as m20261125PhotoCopies from './migrations/2026-11-25-01-photo-copies.js';
import * as m20261126LookupVersions from './migrations/2026-11-26-01-lookup-versions.js';
import * as m20261126GalleryCovering from './migrations/2026-11-26-02-gallery-covering.js';
import * as m20261126ReferenceZh from './migrations/2026-11-26-03-reference-zh.js';
import * as m20261126SearchReindex from './migrations/2026-11-26-04-search-reindex.js';
import * as m20261126Airframes from './migrations/2026-11-26-05-airframes.js';
import * as m20261126Follows from './migrations/2026-11-26-06-follows.js';
import * as m20261126Potw from './migrations/2026-11-26-07-potw.js';
import * as m20261127Jobs from './migrations/2026-11-27-01-jobs.js';
import * as m20261127Registrations from './migrations/2026-11-27-02-registrations.js';
import * as m20261128PhashBands from './migrations/2026-11-28-01-phash-bands.js';
import * as m20261128SearchAnchors from './migrations/2026-11-28-02-search-anchors.js';
import * as m20261128GalleryCounts from './migrations/2026-11-28-03-gallery-counts.js';
import * as m20261128FeaturedSorts from './migrations/2026-11-28-04-featured-sorts.js';
import * as m20261128PhashBandsCovering from './migrations/2026-11-28-05-phash-bands-covering.js';
import * as m20261128Reports from './migrations/2026-11-28-06-reports.js';
import * as m20261128Phones from './migrations/2026-11-28-07-phones.js';
import * as m20261128IpRegion from './migrations/2026-11-28-08-ip-region.js';
import * as m20261129ModeS from './migrations/2026-11-29-01-mode-s.js';
import * as m20261129FirstPhotos from './migrations/2026-11-29-02-first-photos.js';
import * as m20261129Fleets from './migrations/2026-11-29-03-fleets.js';
import * as m20261130Sightings from './migrations/2026-11-30-01-sightings.js';
import * as m20261130Collections from './migrations/2026-11-30-02-collections.js';
import * as m20261130AirframePhotos from './migrations/2026-11-30-03-airframe-photos.js';
import * as m20261130ViewsDaily from './migrations/2026-11-30-04-photo-views-daily.js';
import * as m20261201LikesByTime from './migrations/2026-12-01-01-likes-by-time.js';
import * as m20261202OwnWords from './migrations/2026-12-02-01-own-words.js';
import * as m20261202SortCovering from './migrations/2026-12-02-02-sort-covering.js';
import * as m20261207NarrowGalleryIndexes from './migrations/2026-12-07-01-narrow-gallery-indexes.js';

// Frozen, ordered by timestamp; a new change is a new file, never an edit of an old one.
const migrations: Record<string, Migration> = {
  '2026-11-22-01-accounts': m20261122Accounts,
  '2026-11-22-02-photos': m20261122Photos,
  '2026-11-23-01-screening': m20261123Screening,
  '2026-11-23-02-gallery': m20261123Gallery,
  '2026-11-23-03-profiles-messages': m20261123Profiles,
  '2026-11-23-04-manage': m20261123Manage,
  '2026-11-25-01-photo-copies': m20261125PhotoCopies,
  '2026-11-26-01-lookup-versions': m20261126LookupVersions,
  '2026-11-26-02-gallery-covering': m20261126GalleryCovering,
  '2026-11-26-03-reference-zh': m20261126ReferenceZh,
  '2026-11-26-04-search-reindex': m20261126SearchReindex,
  '2026-11-26-05-airframes': m20261126Airframes,
  '2026-11-26-06-follows': m20261126Follows,
  '2026-11-26-07-potw': m20261126Potw,
  '2026-11-27-01-jobs': m20261127Jobs,
  '2026-11-27-02-registrations': m20261127Registrations,
  '2026-11-28-01-phash-bands': m20261128PhashBands,
  '2026-11-28-02-search-anchors': m20261128SearchAnchors,
  '2026-11-28-03-gallery-counts': m20261128GalleryCounts,
  '2026-11-28-04-featured-sorts': m20261128FeaturedSorts,
  '2026-11-28-05-phash-bands-covering': m20261128PhashBandsCovering,
  '2026-11-28-06-reports': m20261128Reports,
  '2026-11-28-07-phones': m20261128Phones,
  '2026-11-28-08-ip-region': m20261128IpRegion,
  '2026-11-29-01-mode-s': m20261129ModeS,
  '2026-11-29-02-first-photos': m20261129FirstPhotos,
  '2026-11-29-03-fleets': m20261129Fleets,
  '2026-11-30-01-sightings': m20261130Sightings,
  '2026-11-30-02-collections': m20261130Collections,
  '2026-11-30-03-airframe-photos': m20261130AirframePhotos,
  '2026-11-30-04-photo-views-daily': m20261130ViewsDaily,
  '2026-12-01-01-likes-by-time': m20261201LikesByTime,
  '2026-12-02-01-own-words': m20261202OwnWords,
  '2026-12-02-02-sort-covering': m20261202SortCovering,
  '2026-12-07-01-narrow-gallery-indexes': m20261207NarrowGalleryIndexes,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败：${failed?.migrationName ?? ''} ${String(error)}`);
  }
}
