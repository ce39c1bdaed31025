// The words of the Atom feeds: only the server writes them (a feed reader shows them, never the web app).

export const FEEDS_TEXTS = {
  /** The feed of every accepted photo, unfiltered. */
  latest: '最新图片',
  /** The words of a saved search start so (follows' describeSearch); a feed's title goes without. */
  searchWordsPrefix: /^搜索：/,
  /** An entry of a photographer who keeps their photos off other sites. */
  siteOnly: '仅在航迹 Contrail 展示：请到图片页面查看',
  inFlight: '空中拍摄',
  viewOnSite: '在航迹 Contrail 上查看图片',
  title: (title: string) => `${title} · 航迹 Contrail`,
  /** A filtered feed names its search; the unfiltered one (null) says what it is. */
  subtitle: (title: string | null) =>
    title !== null ? `航迹 Contrail 上“${title}”的最新图片，每张都经过审核。` : '航迹 Contrail 最新通过审核的航空摄影图片。',
  /** A public collection's feed (收藏): its name and its owner. */
  collection: (name: string, owner: string) => `${owner} 的收藏：${name}`,
  collectionSubtitle: (owner: string) => `${owner} 在航迹 Contrail 收藏的图片，最近加入的在前。`,
  takenOn: (date: string) => `拍摄于 ${date}`,
  photographer: (username: string) => `摄影：${username}`,
  /** The entry's facts line in HTML; every value comes escaped. */
  factsHtml: ({ facts, takenOn, userUrl, username }: { facts: string; takenOn: string; userUrl: string; username: string }) =>
    `<p>${facts}<br>拍摄于 ${takenOn} · 摄影：<a href="${userUrl}">${username}</a></p>`,
} as const;
