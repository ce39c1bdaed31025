import type { Notam } from '@contract/manage';

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch ms → "2025-05-01 08:30" in the reader's time zone. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Epoch ms → the value of an `<input type="datetime-local">` ("2025-05-01T08:30"), local time. */
export const toLocalInput = (ms: number | null): string => (ms === null ? '' : formatTime(ms).replace(' ', 'T'));

/** An `<input type="datetime-local">` value → epoch ms (the browser reads it as local time); empty → null. */
export function fromLocalInput(value: string | undefined): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}

export function windowText(n: Pick<Notam, 'startsAt' | 'endsAt'>): string {
  if (n.startsAt === null && n.endsAt === null) return '不限时间';
  if (n.endsAt === null) return `${formatTime(n.startsAt!)} 起`;
  if (n.startsAt === null) return `至 ${formatTime(n.endsAt)}`;
  return `${formatTime(n.startsAt)} 至 ${formatTime(n.endsAt)}`;
}

/** Where now stands against the window: before it, after it, or inside (the server's rule, §3.14). */
export function windowState(n: Pick<Notam, 'startsAt' | 'endsAt'>, now = Date.now()): 'upcoming' | 'ended' | 'open' {
  if (n.startsAt !== null && n.startsAt > now) return 'upcoming';
  if (n.endsAt !== null && n.endsAt <= now) return 'ended';
  return 'open';
}
