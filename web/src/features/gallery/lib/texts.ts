import { CATEGORIES } from '@contract/catalogues';
import type { PhotoState } from '@contract/photos';

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

export const formatDate = (ms: number) => new Date(ms).toLocaleDateString('zh-CN');

/** `/search?…` for one or more parameters. */
export const searchLink = (params: Record<string, string | number>) =>
  `/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
