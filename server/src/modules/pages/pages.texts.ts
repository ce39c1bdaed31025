// The titles and descriptions of shared pages (what crawlers and link previews read): only the server
// writes them into the HTML; the web app names its pages itself once it runs.

/** Any page's title: what it shows, then the site. */
const title = (words: string) => `${words} · 航迹`;

export const PAGES_TEXTS = {
  title,
  homeTitle: '航迹 Contrail',
  homeDescription: '航迹 Contrail：航空摄影爱好者的图片社区',
  photoDescription: ({ username, takenOn, remark }: { username: string; takenOn: string; remark: string | null }) =>
    `${username} 拍摄于 ${takenOn}${remark ? `：${remark}` : ''}`,
  /** `/search`: the words searched for, if any, before 图库. */
  searchTitle: (q: string | undefined) => title(`${q ? `“${q}” · ` : ''}图库`),
  photoCount: (total: number, capped: boolean) => `${total.toLocaleString('zh-CN')}${capped ? '+' : ''} 张照片`,
  /** The search's count, and its first photo's registration and type when it has one. */
  searchDescription: (count: string, first: string | null) => (first !== null ? `${count}，第一张：${first}` : count),
  airframeDescription: ({
    status,
    photoCount,
    firstTakenOn,
    lastTakenOn,
  }: {
    status: string;
    photoCount: number;
    firstTakenOn: string | null;
    lastTakenOn: string | null;
  }) => `${status}，${photoCount} 张照片（${firstTakenOn} 至 ${lastTakenOn}）`,
  registrationTitle: (registration: string) => title(`${registration} 的机身`),
  userDescription: (photos: number, home: string | null) =>
    `航迹 Contrail 摄影师，${photos.toLocaleString('zh-CN')} 张通过审核的照片${home ? `，常驻 ${home}` : ''}`,
  /** `/rankings` (this month) or `/rankings/{YYYY-MM}`. */
  rankingsTitle: (year: string | undefined, month: string | undefined) =>
    title(year && month ? `${year}年${Number(month)}月排行` : '月度排行'),
  rankingsDescription: '最受喜爱的照片与摄影师、首张最多的摄影师',
  liveryDescription: (airframes: number, photos: number) => `${airframes} 架飞机，${photos} 张照片`,
} as const;
