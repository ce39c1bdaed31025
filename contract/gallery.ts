import { GALLERY_SORTS } from './catalogues.js';
import { MAX_ID, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './limits.js';
import { CATEGORY_CODES, isCalendarDate, photoResponse, registrationSearch } from './photos.js';
import { text, trimmedText, z } from './zod.js';

// The public gallery (PRODUCT.md §3.1, §3.3, §3.4, §3.5): search, a photo's relations, likes, a
// user's photos, the home statistics and messages to photographers.

export { GALLERY_SORTS, type GallerySort } from './catalogues.js';

/**
 * `total` is counted up to this many; beyond it the answer says `totalCapped`. A search the gallery
 * keeps a count for (no filter, or one airline, airport, type, photographer, category or the
 * featured) has its exact total, however large.
 */
export const TOTAL_CAP = 1_000;

const optionalId = z.coerce.number().int('编号需为整数').positive('编号需为正数').max(MAX_ID, '编号过大').optional();
const optionalDate = text(10, '日期格式需为 YYYY-MM-DD')
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式需为 YYYY-MM-DD')
  .refine(isCalendarDate, '日期不存在')
  .optional();

/** The parameters of `GET /photos` and of the `/search` page's URL: the same names (§3.3). */
export const searchQuery = z.object({
  q: trimmedText(100, '搜索词最多 100 个字符').optional(),
  reg: registrationSearch.optional(),
  type: optionalId,
  airline: optionalId,
  airport: optionalId,
  user: optionalId,
  /** One aircraft's photos (`/airframe/{id}`), one livery's (`/livery/{id}`). */
  airframe: optionalId,
  livery: optionalId,
  cat: z.enum(CATEGORY_CODES, '未知的分类').optional(),
  from: optionalDate,
  to: optionalDate,
  featured: z.enum(['1', '0', 'true', 'false'], '编辑精选参数需为 1 或 0').optional(),
  sort: z.enum(GALLERY_SORTS, '未知的排序方式').default('accepted'),
  cursor: text(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/**
 * How list items come (`view`): `full` is the photo as `GET /photos/{id}` gives it (the public shape
 * other tools rely on, the default); `card` is what a gallery card shows, nothing more (issue 20).
 */
export const LIST_VIEWS = ['full', 'card'] as const;
export type ListView = (typeof LIST_VIEWS)[number];
const listView = z.enum(LIST_VIEWS, '列表格式需为 full 或 card').default('full');

/** `GET /photos`: the search's parameters and the form of its items. */
export const galleryQuery = searchQuery.extend({ view: listView });
export type GalleryQuery = z.infer<typeof galleryQuery>;

/**
 * A photo as a gallery card shows it, compact: names as their labels, the renditions as one address
 * (`{images}-{edge}.webp`) and their sizes (`[width, height]`, smallest first). `expandCard` gives it
 * the shape of a full photo's fields for the components.
 */
export const photoCard = z.object({
  id: z.number().int(),
  registration: z.string(),
  aircraftType: z.string().nullable(),
  airline: z.string().nullable(),
  /** The airport's label; null when none was given (a photo taken in flight may name one). */
  airport: z.string().nullable(),
  inFlight: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
  thumbhash: z.string(),
  images: z.string().nullable(),
  sizes: z.array(z.tuple([z.number().int(), z.number().int()])),
  photographer: z.string(),
  featured: z.boolean(),
  /** 首张: the first accepted photo of its aircraft (issue 39). */
  first: z.boolean(),
});
export type PhotoCardItem = z.infer<typeof photoCard>;

export { expandCard, type CardPhoto } from './cards.js';

export const searchResponse = z.object({
  items: z.array(photoResponse),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  /** True when there are more than TOTAL_CAP matches and `total` says TOTAL_CAP (never for a kept count). */
  totalCapped: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** `GET /photos?view=card`: the same list with compact items. */
export const cardSearchResponse = searchResponse.extend({ items: z.array(photoCard) });
export type CardSearchResponse = z.infer<typeof cardSearchResponse>;

export const relatedResponse = z.object({
  /** The airframe's history: other photos of the registration, oldest first. */
  sameRegistration: z.array(photoResponse),
  sameAirport: z.array(photoResponse),
  samePhotographer: z.array(photoResponse),
});
export type RelatedResponse = z.infer<typeof relatedResponse>;

export const LIKE_MESSAGES = { liked: '已点赞', unliked: '已取消点赞' } as const;

export const likeResponse = z.object({ message: z.string(), liked: z.boolean(), likes: z.number().int() });
export type LikeResponse = z.infer<typeof likeResponse>;

export const userPhotosQuery = z.object({
  cursor: text(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  view: listView,
});

export const siteStats = z.object({
  acceptedPhotos: z.number().int(),
  photographers: z.number().int(),
  waitingPhotos: z.number().int(),
  airports: z.number().int(),
});
export type SiteStats = z.infer<typeof siteStats>;

/** 今日热门 on the home page (issue 39): the most viewed photos of the site's day. */
export const TRENDING_LIMIT = 8;
export const trendingResponse = z.object({
  /** The site's day (UTC+8) counted; yesterday's most viewed follow while today has fewer than TRENDING_LIMIT. */
  day: z.string(),
  items: z.array(photoCard),
});
export type TrendingResponse = z.infer<typeof trendingResponse>;
