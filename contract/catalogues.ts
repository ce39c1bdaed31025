// Catalogues and constants of the contract without zod, so that public pages can import them
// without the schema library in their first load (PRODUCT.md §10: the home page's JS budget).
// photos.ts and gallery.ts re-export them next to their schemas.

/** The registration of a photo without one (the upload's `无注册号` box). */
export const NO_REGISTRATION = 'NO-REG';

/** Categories (PRODUCT.md §5.3), multi-select. */
export const CATEGORIES = [
  { code: 'airliner', zh: '客机' },
  { code: 'cargo', zh: '货机' },
  { code: 'business', zh: '公务机/通用航空' },
  { code: 'rotorcraft', zh: '直升机/旋翼机' },
  { code: 'military', zh: '军用航空器' },
  { code: 'museum', zh: '历史/博物馆' },
  { code: 'livery', zh: '特殊涂装' },
  { code: 'airport', zh: '机场风光' },
  { code: 'interior', zh: '驾驶舱/客舱' },
  { code: 'air-to-air', zh: '空对空' },
  { code: 'night', zh: '夜景' },
  { code: 'incident', zh: '事故/事件' },
  { code: 'spacecraft', zh: '航天器' },
  { code: 'glider', zh: '滑翔机' },
] as const;
export const CATEGORY_CODES = CATEGORIES.map((c) => c.code) as [string, ...string[]];

/** The orders of the gallery (`sort` of `GET /photos` and of the /search URL). */
export const GALLERY_SORTS = ['accepted', 'taken', 'views', 'likes'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];
