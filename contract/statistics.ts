import { photoCard } from './gallery.js';
import { text, z } from './zod.js';

// Statistics (issue 39, item 6): a photographer's views per week and top photos, and the monthly
// rankings (most liked, most 首张). Months and weeks are the site's (UTC+8), as days are.

export const STATISTICS_LIMITS = { weeks: 12, top: 6, ranking: 10, firstMonth: '2000-01' } as const;

export const STATISTICS_MESSAGES = {
  badMonth: '月份格式需为 YYYY-MM',
  noSuchMonth: '这个月份还没有排行',
} as const;

/** A calendar month as `YYYY-MM`. */
export const monthString = text(7, STATISTICS_MESSAGES.badMonth).regex(/^\d{4}-(0[1-9]|1[0-2])$/, STATISTICS_MESSAGES.badMonth);
export const monthParams = z.object({ month: monthString });

export const userStatistics = z.object({
  /** The last STATISTICS_LIMITS.weeks weeks, oldest first, each from its Monday; the last is this week so far. */
  weeks: z.array(z.object({ start: z.string(), views: z.number().int() })),
  /** The member's most viewed photos in the gallery, most first. */
  top: z.array(photoCard),
});
export type UserStatistics = z.infer<typeof userStatistics>;

const ranked = z.object({ user: z.object({ id: z.number().int(), username: z.string() }), count: z.number().int() });
export type RankedMember = z.infer<typeof ranked>;

export const rankingsResponse = z.object({
  month: z.string(),
  /** The photos liked most during the month (likes given in it), each with that count. */
  photos: z.array(z.object({ photo: photoCard, likes: z.number().int() })),
  /** The photographers whose photos were liked most during the month. */
  liked: z.array(ranked),
  /** The photographers with the most 首张 accepted during the month. */
  firsts: z.array(ranked),
});
export type RankingsResponse = z.infer<typeof rankingsResponse>;
