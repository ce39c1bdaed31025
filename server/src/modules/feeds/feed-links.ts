import { FEED_PATH, feedPathOf } from '../../../../contract/catalogues.js';
import { REGISTRATION_PATTERN } from '../../../../contract/photos.js';

export interface FeedLink {
  href: string;
  title: string;
}

const ID = /^\d{1,10}$/;

/**
 * The Atom feed a page of the site has, for its `<link rel="alternate">` (feed readers find it from the
 * page's address): the home page the latest photos, /search its search, a member's, an aircraft's, a
 * registration's and a livery's pages their photos. Worked out from the address alone, no query.
 */
export function feedLinkOf(path: string, search: string, publicUrl: string): FeedLink | null {
  const link = (href: string, title: string) => ({ href: `${publicUrl}${href}`, title: `${title} · 航迹 Contrail（Atom）` });
  if (path === '/') return link(FEED_PATH, '最新图片');
  if (path === '/search') {
    const params = Object.fromEntries(new URLSearchParams(search.slice(0, 2_000)));
    return link(feedPathOf(params), '搜索结果的新图片');
  }
  const [, page, id] = /^\/(user|airframe|livery|reg)\/([^/]{1,20})$/.exec(path) ?? [];
  if (page === 'reg') {
    // As the page reads it (page-meta): letters, digits and hyphens only, so nothing to decode.
    const reg = /^[A-Za-z0-9-]{1,15}$/.test(id!) ? id!.toUpperCase() : '';
    return REGISTRATION_PATTERN.test(reg) ? link(feedPathOf({ reg }), `${reg} 的新图片`) : null;
  }
  if (!page || !ID.test(id!)) return null;
  if (page === 'user') return link(feedPathOf({ user: id }), '这位摄影师的新图片');
  return link(feedPathOf({ [page]: id }), page === 'airframe' ? '这架飞机的新图片' : '这款涂装的新图片');
}
