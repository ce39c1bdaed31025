import { CATEGORIES, type PhotoState } from '@contract/photos';
import type { ScreeningTab } from '@contract/screening';

export const STATE_NAMES: Record<PhotoState, string> = {
  pending: '待审',
  accepted: '已通过',
  rejected: '已拒绝',
  escalated: '已升级',
  appealed: '申诉中',
  withdrawn: '已撤回',
  deleted: '已删除',
};

export const STATE_COLORS: Partial<Record<PhotoState, string>> = {
  pending: 'blue',
  accepted: 'green',
  rejected: 'red',
  escalated: 'purple',
  appealed: 'orange',
};

export const TAB_NAMES: Record<ScreeningTab, string> = {
  normal: '普通',
  priority: '优先',
  escalated: '升级',
  appeals: '申诉',
  decided: '最近决定',
};

/** The columns a screening event's `facts` name (field → [before, after]). */
export const FACT_NAMES: Record<string, string> = {
  registration: '注册号',
  msn: 'MSN',
  aircraft_type_id: '机型',
  airline_id: '航司',
  airport_id: '机场',
  in_flight: '空中拍摄',
  taken_on: '拍摄日期',
  categories: '分类',
  remark: '公开说明',
  message_to_screener: '给审图员的留言',
};

export const categoryName = new Map<string, string>(CATEGORIES.map((c) => [c.code, c.zh]));

export function formatTime(ms: number): string {
  return new Date(ms).toLocaleString('zh-CN', { dateStyle: 'short', timeStyle: 'short', hour12: false });
}

export function formatRate(rate: number | null, decided: number): string {
  return rate === null ? '暂无记录' : `通过率 ${Math.round(rate * 100)}%（近 ${decided} 次）`;
}
