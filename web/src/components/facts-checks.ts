import { FACTS_LIMITS, PHOTO_MESSAGES, photoMeta } from '@contract/photos';
import { modeSProblem } from '@contract/mode-s';
import { formatRegistration } from '@contract/registrations';
import type { z } from '@contract/zod';
import type { AirframeSummary } from '@contract/airframes';
import type { FactsValues } from './facts-values.js';
import type { RefOption } from './ref-option.js';

// A photo's facts as every form asks for them: labels, help and checks, with the contract's messages.
// The upload draws them with its own elements (upload-facts.tsx, issue 34 item 24); the edits and the
// screener's corrections with Ant Design's (facts-fields.tsx).

/**
 * The contract's own verdict on a value: the message of its last failed check. zod lists every
 * failed check in order, and the contract writes its text on the last, most specific one
 * (`id().min(1, '请选择机型')` comes after `positive()`).
 */
function contractMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues.at(-1)?.message ?? null);
}

/** What a check may read of the other facts. */
export type FactsContext = Pick<FactsValues, 'noRegistration' | 'inFlight' | 'registration'>;

const shape = photoMeta.shape;

/**
 * Every checked fact, by its field: the message to show, or null when the value is fine. Every form
 * checks a fact as the upload does (the contract's photoMeta): an edit may leave a fact alone, but
 * what it sends must be a fact the upload would have taken.
 */
export const FACT_CHECKS = {
  registration: (v: string | undefined, { noRegistration }: FactsContext) =>
    noRegistration ? null : v?.trim() ? contractMessage(shape.registration, v) : '请输入注册号，或勾选“无注册号”',
  msn: (v: string | undefined) => contractMessage(shape.msn, v ?? ''),
  // The form first, then whether it fits the registration's state, as the server checks it.
  modeS: (v: string | undefined, { noRegistration, registration }: FactsContext) =>
    v?.trim()
      ? (contractMessage(shape.modeS, v) ??
        modeSProblem(v, noRegistration ? null : (formatRegistration(registration) ?? registration.trim().toUpperCase())))
      : null,
  // No type is the id 0, which the contract names: 请选择机型.
  aircraftType: (v: RefOption | null | undefined) => contractMessage(shape.aircraftTypeId, v?.value ?? 0),
  airport: (v: RefOption | null | undefined, { inFlight }: FactsContext) =>
    inFlight || v ? null : PHOTO_MESSAGES.airportRequired,
  takenOn: (v: string | undefined) => (v ? contractMessage(shape.takenOn, v) : '请选择拍摄日期'),
  categories: (v: string[] | undefined) => contractMessage(shape.categories, v ?? []),
  remark: (v: string | undefined) => contractMessage(shape.remark, v ?? ''),
  messageToScreener: (v: string | undefined) => contractMessage(shape.messageToScreener, v ?? ''),
  militaryConfirmed: (v: boolean | undefined) => (v ? null : PHOTO_MESSAGES.militaryUnconfirmed),
} satisfies { [K in keyof FactsValues]?: (value: never, facts: FactsContext) => string | null };

export type CheckedFact = keyof typeof FACT_CHECKS;

/** The fields whose check reads another: a change to the key checks them again. */
export const CHECKED_WITH: Partial<Record<keyof FactsValues, readonly CheckedFact[]>> = {
  noRegistration: ['registration', 'modeS'],
  registration: ['modeS'],
  inFlight: ['airport'],
  categories: ['militaryConfirmed'],
};

/** The labels and help every form shows for a fact. */
export const FACT_TEXTS = {
  registration: { label: '注册号', placeholder: '如 B-1234' },
  noRegistration: { label: '无注册号' },
  msn: { label: 'MSN（出厂序列号）' },
  modeS: {
    label: 'Mode S 代码（选填）',
    extra: '机载应答机的 24 位地址，6 位十六进制，如 780A1B；美国 N 字头注册号无需填写',
  },
  aircraftType: { label: '机型' },
  airline: { label: '航空公司/运营者' },
  airport: { label: '机场' },
  airframeId: { label: '机身', auto: '自动', unsure: '不确定，留给审图员' },
  livery: {
    label: '涂装',
    placeholder: '标准涂装可不填；特别涂装输入名称搜索',
    none: '没有这个涂装：审图员可在管理页添加',
    prompt: '标准涂装不必选择；特别涂装请输入名称搜索',
  },
  inFlight: { label: '空中拍摄' },
  takenOn: { label: '拍摄日期' },
  categories: { label: '分类' },
  remark: { label: '公开说明', max: FACTS_LIMITS.remarkMax },
  messageToScreener: { label: '给审图员的留言（仅审图员可见）', max: FACTS_LIMITS.messageMax },
  militaryConfirmed: {
    label: '我确认这张照片拍摄于允许摄影的地点（如航展、开放日），且不含军事敏感内容',
  },
} as const;

/** The member's own day (a photo taken at dawn in Beijing is still "yesterday" in UTC); the server allows up to a day ahead of UTC. */
export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Whether the categories sent ask for the member's word on a military aircraft (they differ from the photo's and hold one). */
export function asksMilitary(categories: readonly string[], was: readonly string[]): boolean {
  const changed = categories.length !== was.length || categories.some((c) => !was.includes(c));
  return changed && categories.includes('military');
}

/** An aircraft as a choice: its registrations, type, MSN and the days it was photographed. */
export const airframeLabel = (a: AirframeSummary) =>
  [
    a.registrations.join(' / '),
    a.aircraftType?.label,
    a.msn ? `MSN ${a.msn}` : null,
    a.operator?.label,
    `${a.photoCount} 张，${a.firstTakenOn === a.lastTakenOn ? a.firstTakenOn : `${a.firstTakenOn} – ${a.lastTakenOn}`}`,
  ]
    .filter(Boolean)
    .join(' · ');

/** What the server's answer for the typed facts means for the photo's aircraft. */
export const AIRFRAME_HELP = {
  new: '图库中还没有这架飞机：照片通过后新建机身。',
  match: '按注册号、机型和 MSN，照片将归入这架飞机。',
  ambiguous: '这个注册号先后用在几架飞机上：请选择照片上的这一架，不确定可留给审图员。',
} as const;

/** The airframe question for the facts as typed (a string: a new object each render would restart the wait), or '' with no registration. */
export function airframeQuestion(
  v: Pick<FactsValues, 'registration' | 'noRegistration' | 'aircraftType' | 'msn' | 'takenOn'>,
): string {
  return !v.noRegistration && v.registration?.trim()
    ? new URLSearchParams({
        reg: v.registration.trim().slice(0, 15),
        ...(v.aircraftType ? { type: String(v.aircraftType.value) } : {}),
        ...(v.msn?.trim() ? { msn: v.msn.trim().slice(0, 30) } : {}),
        ...(v.takenOn ? { takenOn: v.takenOn } : {}),
      }).toString()
    : '';
}
