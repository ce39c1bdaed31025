import { FOLLOW_KINDS, FOLLOW_LIMITS, FOLLOW_MAIL, FOLLOW_MESSAGES } from './follow-rules.js';
import { MAX_ID, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './limits.js';
import { photoResponse } from './photos.js';
import { somethingToChange, text, trimmedText, z } from './zod.js';

export {
  FOLLOW_KIND_NAMES,
  FOLLOW_KINDS,
  FOLLOW_LIMITS,
  FOLLOW_MAIL,
  FOLLOW_MAIL_NAMES,
  FOLLOW_MESSAGES,
  SEARCH_FOLLOW_KEYS,
  searchFollowTarget,
  type FollowKind,
  type FollowMail,
} from './follow-rules.js';

export const follow = z.object({
  id: z.number().int(),
  kind: z.enum(FOLLOW_KINDS),
  /** The followed thing: a member's, airframe's or entry's id, a registration as compared (B30EE), a query string. */
  target: z.string(),
  /** How it reads (云端飞友, B-30EE, 中国国际航空 CA/CCA, a search's words). */
  label: z.string(),
  /** Where its photos are: /user/3, /reg/B-30EE, /search?airline=12 … */
  href: z.string(),
  /** The Atom feed of its photos: /api/v1/feeds/photos?reg=B-30EE … */
  feed: z.string(),
  mail: z.enum(FOLLOW_MAIL),
  muted: z.boolean(),
  createdAt: z.number().int(),
});
export type Follow = z.infer<typeof follow>;

export const followsResponse = z.object({ items: z.array(follow), limit: z.number().int() });
export type FollowsResponse = z.infer<typeof followsResponse>;

export const followRequest = z.strictObject({
  kind: z.enum(FOLLOW_KINDS, '未知的关注类型'),
  /** An id (photographer, airframe, airline, airport, type), a registration in any spelling, or a search's query string. */
  target: trimmedText(FOLLOW_LIMITS.searchMax).min(1, '请选择要关注的对象'),
  /** A saved search's name as the member sees it; the server names the others. */
  label: trimmedText(FOLLOW_LIMITS.labelMax).optional(),
  mail: z.enum(FOLLOW_MAIL, '未知的邮件方式').default('off'),
});
export type FollowRequest = z.infer<typeof followRequest>;

export const followUpdate = z
  .strictObject({ mail: z.enum(FOLLOW_MAIL, '未知的邮件方式').optional(), muted: z.boolean().optional() })
  .refine(somethingToChange, FOLLOW_MESSAGES.nothingToChange);
export type FollowUpdate = z.infer<typeof followUpdate>;

export const followResponse = z.object({ message: z.string(), follow });

export const followIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

export const followingQuery = z.object({
  cursor: text(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
export type FollowingQuery = z.infer<typeof followingQuery>;

/** `/following`: the newest accepted photos of everything the member follows (muted follows aside). */
export const followingResponse = z.object({ items: z.array(photoResponse), nextCursor: z.string().nullable() });
export type FollowingResponse = z.infer<typeof followingResponse>;
