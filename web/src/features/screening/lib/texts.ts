import type { PhotoState } from '@contract/photos';
import type { ScreeningTab } from '@contract/screening';

export { categoryName, factLines, factValue, FACT_NAMES, formatTime, STATE_NAMES } from '../../../lib/screening-texts.js';

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

export function formatRate(rate: number | null, decided: number): string {
  return rate === null ? '暂无记录' : `通过率 ${Math.round(rate * 100)}%（近 ${decided} 次）`;
}
