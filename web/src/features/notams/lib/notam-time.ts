import type { Notam } from '@contract/manage';
import { localMinute } from '../../../lib/local-time.js';

/** Epoch ms → the value of an `<input type="datetime-local">` ("2025-05-01T08:30"), local time. */
export const toLocalInput = (ms: number | null): string => (ms === null ? '' : localMinute(ms).replace(' ', 'T'));

/** An `<input type="datetime-local">` value → epoch ms (the browser reads it as local time); empty → null. */
export function fromLocalInput(value: string | undefined): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}

export function windowText(n: Pick<Notam, 'startsAt' | 'endsAt'>): string {
  if (n.startsAt === null && n.endsAt === null) return '不限时间';
  if (n.endsAt === null) return `${localMinute(n.startsAt!)} 起`;
  if (n.startsAt === null) return `至 ${localMinute(n.endsAt)}`;
  return `${localMinute(n.startsAt)} 至 ${localMinute(n.endsAt)}`;
}

/** Where now stands against the window: before it, after it, or inside (the server's rule, §3.14). */
export function windowState(n: Pick<Notam, 'startsAt' | 'endsAt'>, now = Date.now()): 'upcoming' | 'ended' | 'open' {
  if (n.startsAt !== null && n.startsAt > now) return 'upcoming';
  if (n.endsAt !== null && n.endsAt <= now) return 'ended';
  return 'open';
}
