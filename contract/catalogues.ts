// Catalogues and constants of the contract without zod, so that public pages can import them
// without the schema library in their first load (PRODUCT.md §10: the home page's JS budget).
// photos.ts and gallery.ts re-export them next to their schemas.

/** The registration of a photo without one (the upload's `无注册号` box). */
export const NO_REGISTRATION = 'NO-REG';

/**
 * How wide `/photo/{id}` draws its photo (the `<img>`'s `sizes`): the server's preload of the photo in
 * the page's HTML says the same, so the browser takes that download for the image.
 */
export const PHOTO_PAGE_SIZES = '(max-width: 1200px) calc(100vw - 32px), 1168px';
/** How many of the latest editor's choices the home page's hero is drawn from (§3.1). */
export const HERO_FEATURED_LIMIT = 20;
/**
 * How wide the home page draws its hero: across a phone; beside the words (64 % of the page's at most
 * 1168 px) when wider. The server's preload of the hero in the page's HTML says the same.
 */
export const HERO_SIZES = '(max-width: 735px) calc(100vw - 32px), (max-width: 1200px) calc((100vw - 32px) * 0.64), 748px';
/** How wide a gallery card is drawn: the grid's columns (.photo-grid in the web's global.css). */
export const CARD_SIZES = '(max-width: 560px) calc(100vw - 32px), (max-width: 900px) 45vw, 300px';

/** b-1234, B1234 and B-1234 are one registration. */
export function registrationKey(registration: string): string {
  return registration.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

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

/** The filters of /search and `GET /photos` (everything but the free text, the order and the page), §3.3. */
export const SEARCH_FILTER_KEYS = [
  'reg',
  'type',
  'airline',
  'airport',
  'user',
  'airframe',
  'livery',
  'cat',
  'from',
  'to',
  'featured',
] as const;

/** The orders of the gallery (`sort` of `GET /photos` and of the /search URL). */
export const GALLERY_SORTS = ['accepted', 'taken', 'views', 'likes'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

/** The names a /search URL may hold: the free text, the filters and the order. */
export const SEARCH_KEYS = ['q', ...SEARCH_FILTER_KEYS, 'sort'] as const;

/**
 * The API's parameters from a /search URL (the same names, §3.3): known names only, trimmed, empty ones
 * dropped, the default order left out (so `/search` and the home page's latest photos share one cached
 * answer). The page asks for these; the server reads them the same way to preload the first card's image.
 */
export function searchApiParams(url: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of SEARCH_KEYS) {
    const value = url.get(key)?.trim();
    if (!value) continue;
    if (key === 'featured') {
      if (value === '1' || value === 'true') out.featured = '1';
      continue;
    }
    if (key === 'sort' && (value === 'accepted' || !(GALLERY_SORTS as readonly string[]).includes(value))) continue;
    out[key] = value;
  }
  return out;
}

// Upload limits (PRODUCT.md §5.1): checked in the browser at once and again by the server.
export const UPLOAD_LIMITS = {
  maxBytes: 15 * 1024 * 1024,
  minLongEdge: 1280,
  maxLongEdge: 4096,
  minShortEdge: 720,
  maxPixels: 40_000_000,
  remarkMax: 100,
  messageMax: 100,
  perRegistrationWaiting: 3,
} as const;

/** Reject reasons (PRODUCT.md §5.4) with the guide text uploaders see; the standard page has a section for each. */
export const REJECT_REASONS = [
  { code: 'exposure', title: '曝光不当', guide: '画面过暗，或高光溢出丢失细节。请调整曝光，让机身与天空都保留层次。' },
  { code: 'contrast', title: '对比度不佳', guide: '画面发灰，主体与天空混在一起；或反差过大。请适度调整对比度。' },
  { code: 'light', title: '光线不佳', guide: '逆光、正午顶光或阴天光线让涂装看不清。请选择顺光时段拍摄。' },
  { code: 'color', title: '色彩不佳', guide: '存在偏色，或饱和度过高/过低。请校正白平衡与饱和度。' },
  { code: 'blur', title: '模糊', guide: '运动模糊或相机抖动。请提高快门速度或改善持机姿势。' },
  { code: 'sharpness', title: '锐度问题', guide: '跑焦发软，或锐化过度出现白边。请适度锐化。' },
  { code: 'noise', title: '噪点过多', guide: '噪点明显，或降噪过度抹掉细节。请降低 ISO 或适度降噪。' },
  { code: 'jpeg', title: '压缩痕迹/过度处理', guide: '出现 JPEG 色块、过度后期或光晕。请以高质量导出。' },
  { code: 'vignette', title: '暗角/眩光', guide: '四角发暗或镜头眩光。请做暗角校正或避开强光。' },
  { code: 'dust', title: '传感器/镜头脏点', guide: '画面中有脏点（天空处尤其明显）。请修除后再上传。' },
  { code: 'horizon', title: '地平不正', guide: '地平线或竖直参照物倾斜。请以地平线或建筑竖线校正。' },
  { code: 'centering', title: '主体不居中', guide: '主体偏离画面中心。请重新裁切使飞机居中。' },
  { code: 'crop', title: '裁切不当', guide: '主体被裁掉，或留白过多。请按常规构图重新裁切。' },
  { code: 'angle', title: '角度不佳', guide: '拍摄角度未能展示涂装或主体（例如只拍到尾翼）。' },
  { code: 'obstruction', title: '遮挡', guide: '有物体遮挡主体。' },
  { code: 'clutter', title: '前景杂乱', guide: '前景杂物分散注意力。' },
  { code: 'heat', title: '热浪', guide: '热浪造成画面扭曲。请选择气温较低的时段或缩短拍摄距离。' },
  { code: 'reflection', title: '机身反光', guide: '强烈反光遮住了机身。' },
  { code: 'info', title: '信息错误', guide: '填写的信息与照片不符。请核对注册号、机型、航司与机场。' },
  { code: 'content', title: '内容违规', guide: '含有人脸等隐私、他人水印、非航空内容或违法内容。' },
  { code: 'quality', title: '整体质量不足', guide: '整体未达到图库标准。' },
  // Added last (issue 38), so every earlier reason keeps its key in the screening dialog.
  {
    code: 'military',
    title: '涉及军事敏感',
    guide: '画面含有军事禁区、军用机场的限制区域、军事设施或部署等敏感内容。此类照片不能公开，请勿拍摄或上传。',
  },
] as const;
export type RejectReasonCode = (typeof REJECT_REASONS)[number]['code'];

/** An airframe's status (issue 22), with the words pages show. */
export const AIRFRAME_STATUSES = ['active', 'stored', 'retired', 'written_off'] as const;
export type AirframeStatus = (typeof AIRFRAME_STATUSES)[number];
export const AIRFRAME_STATUS_LABELS: Record<AirframeStatus, string> = {
  active: '在役',
  stored: '封存',
  retired: '退役',
  written_off: '已损毁注销',
};

// Weeks of the photo of the week (potw.ts), here without zod for the public pages.
const DAY = 86_400_000;
const BEIJING = 8 * 3_600_000;

/** The Monday (Beijing time) of the week holding `ms`, as `YYYY-MM-DD`. */
export function weekOf(ms: number): string {
  const local = ms + BEIJING;
  const day = Math.floor(local / DAY);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
  const monday = day - ((((day + 3) % 7) + 7) % 7);
  return new Date(monday * DAY).toISOString().slice(0, 10);
}

/** The instant a week (its Monday) begins, Beijing time. */
export const weekStart = (week: string): number => Date.parse(`${week}T00:00:00Z`) - BEIJING;

/** `2026 年 11 月 23 日这一周`. */
export function weekLabel(week: string): string {
  const [y, m, d] = week.split('-').map(Number);
  return `${y} 年 ${m} 月 ${d} 日这一周`;
}

/** Where the Atom feeds are (feeds.ts): the newest accepted photos of a search. */
export const FEED_PATH = '/api/v1/feeds/photos';

/** The feed of a search's filters, in one order (so one search is one URL); order and page left out. */
export function feedPathOf(params: Readonly<Record<string, string | undefined>>): string {
  const kept = new URLSearchParams();
  for (const key of ['q', ...SEARCH_FILTER_KEYS]) {
    const v = params[key]?.trim();
    if (v && !(key === 'featured' && v !== '1' && v !== 'true')) kept.set(key, v);
  }
  const query = kept.toString();
  return query ? `${FEED_PATH}?${query}` : FEED_PATH;
}

/** The open photo API's limits (public-api.ts), here without zod for the /api page. */
export const PUBLIC_API_LIMITS = {
  /** Requests per address and minute, across every server process. */
  perMinute: 60,
  pageDefault: 10,
  pageMax: 50,
} as const;

/** A photo's state in words: the screening history, the photo page and the screening page's reasons. */
export const PHOTO_STATE_NAMES = {
  pending: '待审',
  accepted: '已通过',
  rejected: '已拒绝',
  escalated: '已升级',
  appealed: '申诉中',
  withdrawn: '已撤回',
  deleted: '已删除',
} as const;
