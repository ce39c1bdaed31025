import { SEARCH_FILTER_KEYS } from './catalogues.js';

// What follows are and how a saved search is kept, without zod, so the public pages with a 关注 button
// keep the schema library out of their first load (follows.ts re-exports them beside its schemas).

/** What a member can follow (issue 23): a photographer, a registration, an airframe, a reference entry, a search. */
export const FOLLOW_KINDS = ['photographer', 'registration', 'airframe', 'airline', 'airport', 'type', 'search'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** Mail for a followed target's new photos: each at once, one digest a day, or none (the inbox only). */
export const FOLLOW_MAIL = ['instant', 'daily', 'off'] as const;
export type FollowMail = (typeof FOLLOW_MAIL)[number];

export const FOLLOW_LIMITS = {
  /** Follows per member, stated on /following. */
  perMember: 200,
  /** A saved search's query string (`/search?…` without sort and pages). */
  searchMax: 400,
  labelMax: 60,
  /** Followers notified per transaction of the fan-out job. */
  fanoutBatch: 1_000,
} as const;

/** The query-string keys a saved search keeps: the filters of `/search`, never its order or page. */
export const SEARCH_FOLLOW_KEYS = ['q', ...SEARCH_FILTER_KEYS] as const;

/**
 * A saved search as follows store it (`q=…&airline=12`): its filters in a fixed order, order and page
 * left out, so the same search from two pages is one follow. The server checks the values.
 */
export function searchFollowTarget(raw: string): string {
  const params = new URLSearchParams(raw.replace(/^[^?]*\?/, ''));
  const kept = new URLSearchParams();
  for (const key of SEARCH_FOLLOW_KEYS) {
    const v = params.get(key)?.trim();
    // 编辑精选 is a filter only when on (`featured=0` is every photo, as /search reads it).
    if (key === 'featured') {
      if (v === '1' || v === 'true') kept.set(key, '1');
    } else if (v) kept.set(key, v);
  }
  return kept.toString();
}

export const FOLLOW_KIND_NAMES: Record<FollowKind, string> = {
  photographer: '摄影师',
  registration: '注册号',
  airframe: '机身',
  airline: '航空公司',
  airport: '机场',
  type: '机型',
  search: '搜索',
};

export const FOLLOW_MAIL_NAMES: Record<FollowMail, string> = { instant: '每张邮件', daily: '每日摘要', off: '不发邮件' };

export const FOLLOW_MESSAGES = {
  followed: '已关注',
  unfollowed: '已取消关注',
  saved: '已保存',
  already: '已经关注过了',
  limit: `最多关注 ${FOLLOW_LIMITS.perMember} 项，请先取消一些关注`,
  notFound: '关注不存在',
  unknownTarget: '要关注的对象不存在',
  badRegistration: '注册号无效',
  badSearch: '搜索条件无效',
  emptySearch: '请至少选择一个搜索条件',
  nothingToChange: '没有要修改的内容',
} as const;
