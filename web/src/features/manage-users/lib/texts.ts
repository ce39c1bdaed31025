import { LEVEL_NAMES } from '@contract/limits';
import type { AdminUser, AuditEntryView } from '@contract/manage';

/**
 * A suspension's end date. The server's message to the member (`suspendedMessage`) and the CLI's
 * `--until YYYY-MM-DD` both read it as a UTC date, so the page does too: the admin, the member and
 * the command line name the same day.
 */
export function untilDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The instant a picked day means as an end date (UTC midnight, as the CLI sets it). */
export function untilOfDay(year: number, monthIndex: number, date: number): number {
  return Date.UTC(year, monthIndex, date);
}

export const levelName = (level: number) => LEVEL_NAMES[level] ?? `等级 ${level}`;

export const LEVEL_OPTIONS = Object.entries(LEVEL_NAMES).map(([value, label]) => ({ value: Number(value), label }));

export function statusText(user: Pick<AdminUser, 'status' | 'suspendedUntil'>): string {
  if (user.status === 'deleted') return '已注销';
  if (user.status === 'active') return '正常';
  return user.suspendedUntil === null ? '停用（无限期）' : `停用至 ${untilDay(user.suspendedUntil)}`;
}

export const STATUS_COLORS: Record<AdminUser['status'], string> = { active: 'green', suspended: 'red', deleted: 'default' };

export function rateText(user: Pick<AdminUser, 'acceptanceRate'>): string {
  return user.acceptanceRate === null ? '—' : `${Math.round(user.acceptanceRate * 100)}%`;
}

/** The action codes written about a user (server/src/modules/accounts, phones, reports). */
export const ACTION_NAMES: Record<string, string> = {
  'user.level': '修改等级',
  'user.suspend': '停用账号',
  'user.unsuspend': '解除停用',
  'user.slots': '修改上传名额',
  'user.sessions.revoke': '退出所有登录',
  'user.delete': '注销账号',
  'phone.verify': '验证手机号',
  'phone.remove': '解除手机号',
  'phone.reveal': '查看完整手机号',
  'report.create': '被举报',
  'report.handled': '举报已处理',
  'report.dismiss': '举报被驳回',
};

export const actionName = (action: string) => ACTION_NAMES[action] ?? action;

const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** What an audit entry's detail says, in words. */
export function detailText(entry: Pick<AuditEntryView, 'action' | 'detail'>): string {
  const d = entry.detail;
  switch (entry.action) {
    case 'user.level': {
      const level = num(d.level);
      return level === null ? '' : `改为${levelName(level)}`;
    }
    case 'user.suspend': {
      const until = num(d.until);
      // A reason typed with a closing full stop reads badly before the ；.
      const reason = typeof d.reason === 'string' ? d.reason.replace(/[。.]$/, '') : '';
      return `原因：${reason}；${until === null ? '无限期' : `停用至 ${untilDay(until)}`}`;
    }
    case 'user.unsuspend':
      return d.ended === true ? '停用到期，自动解除' : '';
    case 'user.slots': {
      const parts: string[] = [];
      const queue = num(d.queueSlots);
      const priority = num(d.prioritySlots);
      if (queue !== null) parts.push(`普通队列 ${queue}`);
      if (priority !== null) parts.push(`优先队列 ${priority}`);
      return parts.join('，');
    }
    default:
      return Object.keys(d).length > 0 ? JSON.stringify(d) : '';
  }
}
