import { PUBLIC_API_LIMITS } from './catalogues.js';
import { MODE_S_MESSAGES, modeSOf } from './mode-s.js';
import { NEED_REGISTRATION, registrationSearch } from './photos.js';
import { text, trimmedText, z } from './zod.js';

// The open photo API (issue 23, item 5) and oEmbed (item 6): for other sites, flight trackers and
// forums. Read-only, CORS open, limited per address; only accepted photos of photographers who allow
// third-party display (a setting, on by default).

export { PUBLIC_API_LIMITS } from './catalogues.js';

export const PUBLIC_API_MESSAGES = {
  needReg: NEED_REGISTRATION,
  tooMany: `请求过于频繁：开放接口每个地址每分钟最多 ${PUBLIC_API_LIMITS.perMinute} 次`,
  badUrl: '只能嵌入本站的图片页面链接（/photo/编号）',
  notEmbeddable: '图片不存在，或摄影师不允许其他网站展示',
  badFormat: '只支持 JSON 格式（format=json）',
} as const;

export const publicPhotosQuery = z
  .object({
    /** A registration in any spelling: b30ee, B-30EE. */
    reg: registrationSearch.optional(),
    /** An aircraft's manufacturer serial number; with `type` (ICAO designator, A320) when MSNs repeat across makers. */
    msn: trimmedText(30).optional(),
    type: trimmedText(10).optional(),
    limit: z.coerce.number().int().min(1).max(PUBLIC_API_LIMITS.pageMax).default(PUBLIC_API_LIMITS.pageDefault),
  })
  .refine((q) => !!q.reg || !!q.msn, { message: PUBLIC_API_MESSAGES.needReg, path: ['reg'] });
export type PublicPhotosQuery = z.infer<typeof publicPhotosQuery>;

const image = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

export const publicPhoto = z.object({
  id: z.number().int(),
  /** The photo's page on this site: link to it wherever the photo is shown. */
  link: z.string(),
  registration: z.string(),
  aircraftType: z.string().nullable(),
  airline: z.string().nullable(),
  airport: z.string().nullable(),
  takenOn: z.string(),
  photographer: z.object({ name: z.string(), link: z.string() }),
  thumbnail: image,
  medium: image,
  /** `CC BY-NC-ND 4.0` when the photographer allows it, else the site's display terms. */
  licence: z.string(),
  /** The credit to show beside the photo, as the photographer's settings give it. */
  attribution: z.string(),
});
export type PublicPhoto = z.infer<typeof publicPhoto>;

export const publicPhotosResponse = z.object({ photos: z.array(publicPhoto) });
export type PublicPhotosResponse = z.infer<typeof publicPhotosResponse>;

// Planespotters' public photo API in its own shape (issue 39, item 2): flight trackers (tar1090,
// planefence and others) ask `/pub/photos/hex/{hex}` or `/pub/photos/reg/{reg}` there, and switch to
// this site by changing the base URL to `{site}/api/v1/public/photos`.

/** Photos a tracker is given at most, the newest first (a tracker shows the first). */
export const TRACKER_PHOTOS_MAX = 3;

export const trackerHexParams = z.object({
  hex: trimmedText(20, MODE_S_MESSAGES.format)
    .refine((v) => modeSOf(v) !== null, MODE_S_MESSAGES.format)
    .transform((v) => modeSOf(v)!),
});
export const trackerRegParams = z.object({
  reg: registrationSearch.refine((v) => v !== '', NEED_REGISTRATION),
});
/** What trackers send beside a hex: the registration and type they know, used when the hex finds nothing. */
export const trackerQuery = z.object({
  reg: registrationSearch.optional(),
  icaoType: trimmedText(10).optional(),
});
export type TrackerQuery = z.infer<typeof trackerQuery>;

const trackerImage = z.object({
  src: z.string(),
  size: z.object({ width: z.number().int(), height: z.number().int() }),
});

export const trackerPhoto = z.object({
  /** As a string, as Planespotters sends it. */
  id: z.string(),
  thumbnail: trackerImage,
  thumbnail_large: trackerImage,
  /** The photo's page: link to it wherever the photo is shown. */
  link: z.string(),
  /** The photographer's name, or the credit they chose (without a leading ©). */
  photographer: z.string(),
  // This site's own, after Planespotters' fields.
  registration: z.string(),
  taken_on: z.string(),
  licence: z.string(),
  /** The whole credit line, as the photographer's settings give it. */
  attribution: z.string(),
});
export type TrackerPhoto = z.infer<typeof trackerPhoto>;
export const trackerPhotosResponse = z.object({ photos: z.array(trackerPhoto) });
export type TrackerPhotosResponse = z.infer<typeof trackerPhotosResponse>;

export const oembedQuery = z.object({
  url: text(300),
  maxwidth: z.coerce.number().int().min(1).max(10_000).optional(),
  maxheight: z.coerce.number().int().min(1).max(10_000).optional(),
  /** Only json: any other format is answered 501, as the oEmbed spec asks of a provider. */
  format: text(20).optional(),
});
export type OembedQuery = z.infer<typeof oembedQuery>;

/** oEmbed 1.0, type `photo`. */
export const oembedResponse = z.object({
  version: z.literal('1.0'),
  type: z.literal('photo'),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string(),
  thumbnail_width: z.number().int(),
  thumbnail_height: z.number().int(),
  cache_age: z.number().int(),
});
export type OembedResponse = z.infer<typeof oembedResponse>;

export const LICENCE_CC = 'CC BY-NC-ND 4.0';
export const LICENCE_DISPLAY = '仅限署名并链接回原图页面展示，其他使用需征得摄影师同意';
