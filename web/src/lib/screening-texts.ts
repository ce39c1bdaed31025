import { CATEGORIES, PHOTO_STATE_NAMES } from '@contract/catalogues';
import type { PhotoEdit, PhotoResponse, PhotoState } from '@contract/photos';
import type { ScreeningEvent } from '@contract/screening';

// How screening history reads, shared by the screening page and the public photo page (level ≥ 1).

export const categoryName = new Map<string, string>(CATEGORIES.map((c) => [c.code, c.zh]));

export const STATE_NAMES: Record<PhotoState, string> = PHOTO_STATE_NAMES;

/** The facts a screening event's `facts` name (the contract's fields → [before, after]). */
export const FACT_NAMES: Record<string, string> = {
  registration: '注册号',
  msn: 'MSN',
  modeS: 'Mode S 代码',
  aircraftTypeId: '机型',
  airlineId: '航司',
  airportId: '机场',
  airframeId: '机身',
  liveryId: '涂装',
  inFlight: '空中拍摄',
  takenOn: '拍摄日期',
  categories: '分类',
  remark: '公开说明',
  messageToScreener: '给审图员的留言',
} satisfies Record<keyof PhotoEdit, string>;

export const formatTime = (ms: number) =>
  new Date(ms).toLocaleString('zh-CN', { dateStyle: 'short', timeStyle: 'short', hour12: false });

/**
 * A changed fact as the event holds it: a reference by the name the server sent with the event
 * (`labels`), else by the photo's current label when it is that one.
 */
export function factValue(field: string, v: unknown, photo?: PhotoResponse, label?: string | null): string {
  if (v === null || v === undefined || v === '') return '空';
  if (label) return label;
  const refs: Record<string, PhotoResponse['airport'] | undefined> = {
    aircraftTypeId: photo?.aircraftType,
    airlineId: photo?.airline,
    airportId: photo?.airport,
  };
  if (field in refs) {
    const ref = refs[field];
    return ref?.id === v ? ref.label : `#${String(v)}`;
  }
  if (field === 'inFlight') return v ? '是' : '否';
  if (field === 'categories' && Array.isArray(v)) return v.map((c) => categoryName.get(String(c)) ?? String(c)).join('、');
  return String(v);
}

/** One line per fact a screening event changed: 机场：上海浦东国际机场 → 北京首都国际机场. */
export function factLines(event: ScreeningEvent, photo?: PhotoResponse): { field: string; text: string }[] {
  return Object.entries(event.facts).map(([field, [before, after]]) => {
    const [beforeLabel, afterLabel] = event.labels[field] ?? [null, null];
    return {
      field,
      text: `${FACT_NAMES[field] ?? field}：${factValue(field, before, photo, beforeLabel)} → ${factValue(field, after, photo, afterLabel)}`,
    };
  });
}
