// Times as the management pages write them: "2026-11-23" and "2026-11-23 15:40", in the reader's time zone
// (also the value form of `<input type="datetime-local">` once the space is a "T").

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch ms → "2026-11-23", local date. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Epoch ms → "2026-11-23 15:40", local date and time to the minute. */
export function localMinute(ms: number): string {
  const d = new Date(ms);
  return `${localDay(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

// One formatter for every call: making one is the costly part (a rendered photo page formats several days).
const SITE_DAY = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai' });

/**
 * Epoch ms → "2026/11/23", the day as the site counts days (Beijing, ADR 0025), for the public pages: the
 * same in the server's HTML and in any reader's browser, so hydration meets what the server wrote.
 */
export const siteDay = (ms: number) => SITE_DAY.format(ms);

/** The site's month (Beijing) of an instant, as `YYYY-MM`: the month rankings count. */
export const siteMonth = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 7);

/** The month `delta` months from `YYYY-MM`. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}
