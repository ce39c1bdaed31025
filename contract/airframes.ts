import { AIRFRAME_STATUSES } from './catalogues.js';
import { MODE_S_MESSAGES, modeSOf } from './mode-s.js';
import { MAX_ID, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './limits.js';
import { dateString, FACTS_LIMITS, photoResponse, refSummary } from './photos.js';
import { MESSAGES } from './texts.js';
import { somethingToChange, text, trimmedText, z } from './zod.js';

// Airframes and liveries (issue 22, PRODUCT.md §11.2): one aircraft across its registrations,
// operators and paint schemes, grown from screened photos.

const id = () => z.number().int().positive().max(MAX_ID);
const optionalId = z.coerce.number().int('编号需为整数').positive('编号需为正数').max(MAX_ID, '编号过大').optional();

// Re-exported: pages import them from catalogues.ts, without zod.
export { AIRFRAME_STATUSES, AIRFRAME_STATUS_LABELS, type AirframeStatus } from './catalogues.js';

export const LIVERY_LIMITS = { nameZhMax: 30, nameEnMax: 60 } as const;
export const AIRFRAME_LIMITS = { lineNumberMax: 20, firstYear: 1903, splitMax: 500 } as const;

export const AIRFRAME_MESSAGES = {
  notFound: '机身不存在',
  liveryNotFound: '涂装不存在',
  unknownAirframe: '所选机身不存在',
  unknownLivery: '所选涂装不存在',
  airframeDoesNotFit: '所选机身与注册号、机型或 MSN 不符，请重新选择',
  mergeSelf: '不能把机身合并到它自己',
  merged: '已合并，照片已归入目标机身',
  split: '已拆分为新的机身',
  placed: '已归入这架飞机',
  periodSaved: '已更新这段履历的照片',
  periodEmpty: '这段履历没有照片',
  placeOnlyAccepted: '只有已通过的照片可以归入机身',
  splitNotHere: '所选照片不都属于这架机身',
  splitAll: '不能拆出全部照片：请改为编辑这架机身',
  saved: '已保存',
  liveryAdded: '已添加涂装',
  liveryExists: '该航司已有同名涂装',
  /** A merge of an airframe that another merge took first. */
  mergedAway: '该机身已被合并',
  /** A split whose photos moved meanwhile (a merge or another split). */
  changedMeanwhile: '机身刚有变化，请刷新后再试',
} as const;

/** An MSN as compared: `msn 4321`, `4321` and ` 4321 ` are one; case and spaces do not count. */
export function msnKey(msn: string): string {
  return msn
    .toUpperCase()
    .replace(/^MSN\s*[:：]?\s*/, '')
    .replace(/\s+/g, '');
}

export const liverySummary = z.object({
  id: z.number().int(),
  /** `熊猫涂装`; the operator's name is beside it, in `airline`. */
  name: z.string(),
  nameEn: z.string().nullable(),
  airline: refSummary.nullable(),
});
export type LiverySummary = z.infer<typeof liverySummary>;

/** An airframe as a list shows it: enough for a card (its newest photo's thumbnail). */
export const airframeSummary = z.object({
  id: z.number().int(),
  aircraftType: refSummary.nullable(),
  msn: z.string().nullable(),
  /** Mode S address (six lower-case hex digits): the one kept, or for an N-number its own. */
  modeS: z.string().nullable(),
  /** The address follows from a US registration (the FAA's mapping), not from a screener or member. */
  modeSFromRegistration: z.boolean(),
  lineNumber: z.string().nullable(),
  builtYear: z.number().int().nullable(),
  status: z.enum(AIRFRAME_STATUSES),
  /** Every registration it carried, the one of its newest photo first. */
  registrations: z.array(z.string()),
  operator: refSummary.nullable(),
  firstTakenOn: z.string().nullable(),
  lastTakenOn: z.string().nullable(),
  photoCount: z.number().int(),
  cover: photoResponse.nullable(),
});
export type AirframeSummary = z.infer<typeof airframeSummary>;

/** A stretch of an airframe's life under one registration and one operator, with its photos. */
export const airframePeriod = z.object({
  registration: z.string(),
  airline: refSummary.nullable(),
  from: z.string(),
  to: z.string(),
  liveries: z.array(liverySummary),
  photoCount: z.number().int(),
  /** The period's photos in the order they were taken (at most PERIOD_PHOTOS; the gallery has the rest). */
  photos: z.array(photoResponse),
});
export type AirframePeriod = z.infer<typeof airframePeriod>;
export const PERIOD_PHOTOS = 24;

export const airframeResponse = airframeSummary.extend({
  /** Oldest first. */
  periods: z.array(airframePeriod),
  photographers: z.array(z.object({ id: z.number().int(), username: z.string(), photos: z.number().int() })),
  firstPhoto: photoResponse.nullable(),
  latestPhoto: photoResponse.nullable(),
});
export type AirframeResponse = z.infer<typeof airframeResponse>;

/** A Mode S address in any spelling (780A1B, 0x780a1b), as stored: lower case. */
export const modeSText = trimmedText(20, MODE_S_MESSAGES.format)
  .refine((v) => modeSOf(v) !== null, MODE_S_MESSAGES.format)
  .transform((v) => modeSOf(v)!);

export const airframesQuery = z.object({
  reg: trimmedText(20, '注册号最多 20 个字符').optional(),
  msn: trimmedText(FACTS_LIMITS.msnMax, `MSN 最多 ${FACTS_LIMITS.msnMax} 个字符`).optional(),
  /** A Mode S address (780a1b): the aircraft that carry it, or carried the N-number it maps to. */
  hex: modeSText.optional(),
  type: optionalId,
  cursor: text(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
export type AirframesQuery = z.infer<typeof airframesQuery>;
export const airframesResponse = z.object({ items: z.array(airframeSummary), nextCursor: z.string().nullable() });
export type AirframesResponse = z.infer<typeof airframesResponse>;

export const airframeEdit = z
  .strictObject({
    aircraftTypeId: id().nullable().optional(),
    msn: trimmedText(FACTS_LIMITS.msnMax, `MSN 最多 ${FACTS_LIMITS.msnMax} 个字符`).optional(),
    /** Six hex digits, checked against the state of the registration it flies under; empty clears it. */
    modeS: modeSText.or(z.literal('')).optional(),
    lineNumber: trimmedText(AIRFRAME_LIMITS.lineNumberMax, `线号最多 ${AIRFRAME_LIMITS.lineNumberMax} 个字符`).optional(),
    builtYear: z
      .number('年份需为数字')
      .int('年份需为整数')
      .min(AIRFRAME_LIMITS.firstYear, `年份不能早于 ${AIRFRAME_LIMITS.firstYear}`)
      .max(2100, '年份不对')
      .nullable()
      .optional(),
    status: z.enum(AIRFRAME_STATUSES, '未知的机身状态').optional(),
  })
  .refine(somethingToChange, MESSAGES.nothingToChange);
export type AirframeEdit = z.infer<typeof airframeEdit>;

export const airframeIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const airframeMerge = z.strictObject({ intoId: id() });
export const airframeSplit = z.strictObject({
  photoIds: z
    .array(id())
    .min(1, '请至少选择一张照片')
    .max(AIRFRAME_LIMITS.splitMax, `一次最多拆出 ${AIRFRAME_LIMITS.splitMax} 张照片`)
    .transform((ids) => [...new Set(ids)]),
});
/** A screener's write: the airframe it leaves (the survivor of a merge, the new one of a split). */
/** Accepted photos a screener puts on this airframe (from the "needs a screener" list, or from another one). */
export const airframePlace = z.strictObject({
  photoIds: z
    .array(id())
    .min(1, '请至少选择一张照片')
    .max(AIRFRAME_LIMITS.splitMax, `一次最多 ${AIRFRAME_LIMITS.splitMax} 张照片`)
    .transform((ids) => [...new Set(ids)]),
});
/** A screener corrects one period of an airframe: the operator or the livery of its photos under that registration and days. */
export const airframePeriodEdit = z
  .strictObject({
    registration: trimmedText(FACTS_LIMITS.registrationMax, '注册号最多 15 个字符').pipe(z.string().min(1, '请填写注册号')),
    from: dateString,
    to: dateString,
    airlineId: id().nullable().optional(),
    liveryId: id().nullable().optional(),
  })
  .refine((b) => b.airlineId !== undefined || b.liveryId !== undefined, MESSAGES.nothingToChange)
  .refine((b) => b.from <= b.to, { path: ['to'], message: '结束日期不能早于开始日期' });
export type AirframePeriodEdit = z.infer<typeof airframePeriodEdit>;

export const airframeWriteResponse = z.object({ message: z.string(), airframeId: z.number().int() });
export type AirframeWriteResponse = z.infer<typeof airframeWriteResponse>;

/** Which aircraft a photo with these facts would join (the upload asks the member when two fit). */
export const airframeResolveQuery = z.object({
  reg: trimmedText(FACTS_LIMITS.registrationMax, '注册号最多 15 个字符').pipe(z.string().min(1, '请填写注册号')),
  type: optionalId,
  msn: trimmedText(FACTS_LIMITS.msnMax, `MSN 最多 ${FACTS_LIMITS.msnMax} 个字符`).optional(),
  takenOn: dateString.optional(),
});
export const airframeResolveResponse = z.object({
  /** `match`: this one; `new`: none yet (a new airframe once accepted); `ambiguous`: the member or a screener picks. */
  outcome: z.enum(['match', 'new', 'ambiguous']),
  candidates: z.array(airframeSummary),
});
export type AirframeResolveResponse = z.infer<typeof airframeResolveResponse>;

/** Accepted photos with a registration that no airframe could be found for: screeners place them. */
export const unlinkedResponse = z.object({ items: z.array(photoResponse), total: z.number().int() });
export type UnlinkedResponse = z.infer<typeof unlinkedResponse>;

export const liveriesQuery = z.object({
  q: trimmedText(LIVERY_LIMITS.nameEnMax, '搜索词最多 60 个字符').optional(),
  airline: optionalId,
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(20),
});
export const liveriesResponse = z.object({ items: z.array(liverySummary) });
export type LiveriesResponse = z.infer<typeof liveriesResponse>;

export const liveryCreate = z.strictObject({
  nameZh: trimmedText(LIVERY_LIMITS.nameZhMax, `涂装名称最多 ${LIVERY_LIMITS.nameZhMax} 个字符`).pipe(
    z.string().min(1, '请填写涂装名称'),
  ),
  nameEn: trimmedText(LIVERY_LIMITS.nameEnMax, `英文名称最多 ${LIVERY_LIMITS.nameEnMax} 个字符`).optional(),
  airlineId: id().optional(),
});
export type LiveryCreate = z.infer<typeof liveryCreate>;
export const liveryWriteResponse = z.object({ message: z.string(), livery: liverySummary });

export const liveryResponse = liverySummary.extend({
  /** The aircraft seen in it, the most recently photographed first. */
  airframes: z.array(airframeSummary),
  photoCount: z.number().int(),
});
export type LiveryResponse = z.infer<typeof liveryResponse>;
