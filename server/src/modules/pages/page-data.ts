import type { z } from 'zod';
import { publicUser } from '../../../../contract/accounts.js';
import { airframeResponse, airframesQuery, airframesResponse, liveryResponse } from '../../../../contract/airframes.js';
import {
  cardSearchResponse,
  galleryQuery,
  relatedResponse,
  siteStats,
  trendingResponse,
  userPhotosQuery,
} from '../../../../contract/gallery.js';
import type { PageData } from '../../../../contract/page-data.js';
import { photoResponse } from '../../../../contract/photos.js';
import { potwCurrentResponse, potwListQuery, potwListResponse } from '../../../../contract/potw.js';
import { siteContact, siteFilings } from '../../../../contract/site.js';
import { monthParams, rankingsResponse, userStatistics } from '../../../../contract/statistics.js';
import { AppError } from '../../shared/errors.js';
import type { SiteService } from '../site/site.service.js';
import type { GalleryService } from '../gallery/gallery.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { PotwService } from '../potw/potw.service.js';
import type { AirframePagesService } from './airframe-pages.service.js';
import type { PagesService } from './pages.service.js';
import type { StatisticsService } from './statistics.service.js';

interface Services {
  photos: Pick<PhotosService, 'get'>;
  gallery: Pick<GalleryService, 'searchJson' | 'related'>;
  pages: Pick<PagesService, 'profile' | 'siteStats' | 'trending'>;
  potw: Pick<PotwService, 'current' | 'archive'>;
  airframePages: Pick<AirframePagesService, 'airframe' | 'list' | 'livery'>;
  site: Pick<SiteService, 'contact' | 'filings'>;
  statistics: Pick<StatisticsService, 'month' | 'member'>;
}

/** The endpoint's 404 (or a refused parameter) as `null`; every other failure is the render's. */
async function orNull<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (err) {
    if (err instanceof AppError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

/** An answer as its route sends it: through the route's response schema, as the serialiser does. */
const sent =
  <S extends z.ZodType>(schema: S) =>
  (value: unknown): z.output<S> =>
    schema.encode(value as z.output<S>) as z.output<S>;

/**
 * The public pages' data for the server's render (contract/page-data.ts): each the answer its GET
 * endpoint gives a visitor, from the same service call and through the same response schema.
 */
export function pageDataOf(s: Services): PageData {
  const search = async (query: Readonly<Record<string, string>>) => {
    const parsed = galleryQuery.safeParse({ ...query, view: 'card' });
    if (!parsed.success) return null;
    return cardSearchResponse.parse(JSON.parse((await s.gallery.searchJson(parsed.data)).toString('utf8')));
  };
  return {
    photo: async (id) => (await orNull(s.photos.get(id, null).then(sent(photoResponse)))) ?? null,
    related: (id) => orNull(s.gallery.related(id).then(sent(relatedResponse))),
    search: (params, limit) => search(limit === undefined ? params : { ...params, limit: String(limit) }),
    userPhotos: async (id) => {
      const q = userPhotosQuery.parse({ view: 'card' });
      const answer = await s.gallery.searchJson({ ...q, user: id, sort: 'accepted' });
      return cardSearchResponse.parse(JSON.parse(answer.toString('utf8')));
    },
    user: (id) => orNull(s.pages.profile(id).then(sent(publicUser))),
    siteStats: () => s.pages.siteStats().then(sent(siteStats)),
    trending: () => s.pages.trending().then(sent(trendingResponse)),
    potwCurrent: () => s.potw.current().then(sent(potwCurrentResponse)),
    potwArchive: () => s.potw.archive(potwListQuery.parse({}), null).then(sent(potwListResponse)),
    airframe: (id) => orNull(s.airframePages.airframe(id).then(sent(airframeResponse))),
    airframesOf: (reg) => {
      const q = airframesQuery.safeParse({ reg });
      return q.success ? orNull(s.airframePages.list(q.data).then(sent(airframesResponse))) : Promise.resolve(null);
    },
    siteContact: () => s.site.contact().then(sent(siteContact)),
    siteFilings: () => s.site.filings().then(sent(siteFilings)),
    livery: (id) => orNull(s.airframePages.livery(id).then(sent(liveryResponse))),
    userStatistics: (id) => orNull(s.statistics.member(id).then(sent(userStatistics))),
    rankings: (month) =>
      monthParams.safeParse({ month }).success
        ? orNull(s.statistics.month(month).then(sent(rankingsResponse)))
        : Promise.resolve(null),
  };
}
