import { CATEGORIES } from '@contract/catalogues';
import type { PhotoResponse, PhotoState } from '@contract/photos';

// How screening history reads, shared by the screening page and the public photo page (level ≥ 1).

export const categoryName = new Map<string, string>(CATEGORIES.map((c) => [c.code, c.zh]));

export const STATE_NAMES: Record<PhotoState, string> = {
  pending: '待审',
  accepted: '已通过',
  rejected: '已拒绝',
  escalated: '已升级',
  appealed: '申诉中',
  withdrawn: '已撤回',
  deleted: '已删除',
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

export const formatTime = (ms: number) =>
  new Date(ms).toLocaleString('zh-CN', { dateStyle: 'short', timeStyle: 'short', hour12: false });

/** A changed fact as stored (column values): a reference by the photo's current label when it is that one. */
export function factValue(field: string, v: unknown, photo?: PhotoResponse): string {
  if (v === null || v === undefined || v === '') return '空';
  const ref = { aircraft_type_id: photo?.aircraftType, airline_id: photo?.airline, airport_id: photo?.airport }[field];
  if (ref !== undefined) return ref?.id === v ? ref.label : `#${String(v)}`;
  if (field === 'in_flight') return v ? '是' : '否';
  if (field === 'categories' && typeof v === 'string') {
    try {
      return (JSON.parse(v) as string[]).map((c) => categoryName.get(c) ?? c).join('、');
    } catch {
      return v;
    }
  }
  return String(v);
}
