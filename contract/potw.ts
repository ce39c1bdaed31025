import { weekLabel } from './catalogues.js';
import { MAX_ID } from './limits.js';
import { photoResponse } from './photos.js';
import { text, trimmedText, z } from './zod.js';

// Photo of the week (issue 23, item 3): a senior screener picks an accepted photo for a week, with a
// comment; it heads the home page that week; /potw is the archive. A week is named by its Monday in
// Beijing time (the site's screeners and most members count days there): catalogues.ts names them.

export { weekLabel, weekOf, weekStart } from './catalogues.js';

export const POTW_LIMITS = {
  commentMax: 300,
  /** A week may be picked ahead: this one and the next seven. */
  weeksAhead: 7,
  pageDefault: 12,
  pageMax: 50,
} as const;

export const POTW_MESSAGES = {
  picked: '已选为每周图片',
  removed: '已撤销这一周的每周图片',
  commentRequired: '请写下推荐语',
  notAccepted: '只能选择已通过审核的图片',
  ownPhoto: '不能选自己的图片：请另一位资深审图员来选',
  notAllowed: '摄影师在设置中不允许本站精选其图片',
  photoTaken: '这张图片已当选过每周图片：每张图片只能当选一次',
  weekTaken: (week: string) => `${weekLabel(week)}已有每周图片：先撤销它，再选新的`,
  badWeek: `周次须为某周的星期一（北京时间），从本周到 ${POTW_LIMITS.weeksAhead} 周以后`,
  notFound: '这一周没有每周图片',
  pastWeek: '已经过去的一周不能再改',
} as const;

export const WEEK_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const week = text(10).regex(WEEK_PATTERN, POTW_MESSAGES.badWeek);

export const pickPotwRequest = z.strictObject({
  photoId: z.number().int().positive().max(MAX_ID),
  comment: trimmedText(POTW_LIMITS.commentMax).min(1, POTW_MESSAGES.commentRequired),
  /** The week's Monday; this week when left out. */
  week: week.optional(),
});
export type PickPotwRequest = z.infer<typeof pickPotwRequest>;

export const potwWeekParams = z.object({ week });

export const potwEntry = z.object({
  week: z.string(),
  comment: z.string(),
  pickedBy: z.object({ id: z.number().int(), username: z.string() }),
  pickedAt: z.number().int(),
  photo: photoResponse,
});
export type PotwEntry = z.infer<typeof potwEntry>;

export const potwCurrentResponse = z.object({ entry: potwEntry.nullable() });
export type PotwCurrentResponse = z.infer<typeof potwCurrentResponse>;

export const potwListQuery = z.object({
  /** The last week of the previous page. */
  cursor: week.optional(),
  limit: z.coerce.number().int().min(1).max(POTW_LIMITS.pageMax).default(POTW_LIMITS.pageDefault),
});
export type PotwListQuery = z.infer<typeof potwListQuery>;

export const potwListResponse = z.object({
  items: z.array(potwEntry),
  nextCursor: z.string().nullable(),
  /** Whether this viewer picks photos of the week and sees the weeks ahead (senior screeners). */
  can: z.object({ pick: z.boolean() }),
});
export type PotwListResponse = z.infer<typeof potwListResponse>;

export const pickPotwResponse = z.object({ message: z.string(), entry: potwEntry });
