import { MAX_ID } from './limits.js';
import { dateString, refSummary } from './photos.js';
import { text, trimmedText, z } from './zod.js';

// 我的目击 (issue 39, item 5): the aircraft a member has seen, by registration, with the day, the airport
// and a note. Private unless the member makes one public; others see a public one without its note (no
// text of a member's is published here). Logged in one click from an airframe's or a photo's page, one at
// a time on the member's page, or many from a pasted list or CSV; exported as CSV in the same columns.

export const SIGHTING_LIMITS = {
  noteMax: 200,
  textMax: 100_000,
  linesMax: 2_000,
  page: 50,
  fleetsShown: 30,
  perMember: 20_000,
} as const;

/** The CSV's columns, in order: what export writes and import reads (a header line is optional). */
export const SIGHTING_COLUMNS = ['registration', 'date', 'airport', 'note', 'public'] as const;

export const SIGHTING_MESSAGES = {
  logged: '已记录目击',
  saved: '已保存',
  deleted: '已删除',
  again: '这一天已经记过这个注册号',
  gone: '目击记录不存在',
  userGone: '用户不存在',
  airframeGone: '飞机不存在',
  airframeNoRegistration: '这架飞机还没有注册号，请在自己的页面按注册号记录',
  needRegistration: '请填写注册号',
  badRegistration: '注册号只能包含字母、数字和连字符（1–15 位）',
  badDate: '日期格式需为 YYYY-MM-DD',
  future: '日期不能晚于今天',
  unknownAirport: '没有这个机场代码（IATA 或 ICAO）',
  airportGone: '机场不存在',
  noteTooLong: `备注最多 ${SIGHTING_LIMITS.noteMax} 个字`,
  badPublic: '公开一栏应为 1 或 0',
  empty: '没有可导入的行：每行依次为 注册号, 日期, 机场, 备注, 公开',
  tooManyLines: `一次最多导入 ${SIGHTING_LIMITS.linesMax} 行`,
  tooMany: `每人最多记录 ${SIGHTING_LIMITS.perMember} 条目击`,
  unclosedQuote: '引号没有闭合',
  /** An import refused whole: the lines that are wrong, the first ones. */
  linesWrong: (n: number) => `有 ${n} 行有误，没有导入任何记录`,
  line: (line: number, problem: string) => `第 ${line} 行：${problem}`,
  imported: (added: number, repeated: number) =>
    repeated > 0 ? `已导入 ${added} 条，${repeated} 条与已有记录同一天同一注册号，已跳过` : `已导入 ${added} 条`,
} as const;

const id = () => z.number().int().positive().max(MAX_ID);
const note = trimmedText(SIGHTING_LIMITS.noteMax, SIGHTING_MESSAGES.noteTooLong);

export const newSighting = z
  .strictObject({
    /** From an airframe's page: its registration now. */
    airframeId: id().optional(),
    /** As typed: written as its country writes it (b30ee → B-30EE). */
    registration: trimmedText(20, SIGHTING_MESSAGES.badRegistration).optional(),
    /** The day seen; today (the site's day) when left out. */
    seenOn: dateString.optional(),
    airportId: id().optional(),
    note: note.default(''),
    public: z.boolean('公开需为 true 或 false').default(false),
  })
  .refine((v) => v.airframeId !== undefined || (v.registration ?? '') !== '', {
    message: SIGHTING_MESSAGES.needRegistration,
    path: ['registration'],
  });
export type NewSighting = z.infer<typeof newSighting>;

export const sightingUpdate = z.strictObject({
  note: note.optional(),
  public: z.boolean('公开需为 true 或 false').optional(),
});
export type SightingUpdate = z.infer<typeof sightingUpdate>;

export const sightingImport = z.strictObject({
  /**
   * A pasted list (a registration a line) or CSV in SIGHTING_COLUMNS' order. The byte-order mark the
   * export starts with (so spreadsheets read it as UTF-8) is taken off first.
   */
  text: z.preprocess(
    (v) => (typeof v === 'string' && v.startsWith('\uFEFF') ? v.slice(1) : v),
    text(SIGHTING_LIMITS.textMax, `最多 ${SIGHTING_LIMITS.textMax} 个字符`),
  ),
  /** The day and airport of lines that give none, and whether they are public. */
  seenOn: dateString.optional(),
  airportId: id().optional(),
  public: z.boolean('公开需为 true 或 false').default(false),
});
export type SightingImport = z.infer<typeof sightingImport>;

export const sightingIdParams = z.object({
  id: z.coerce.number().int('编号需为整数').positive('编号需为正数').max(MAX_ID, '编号过大'),
});

export const sightingsQuery = z.object({
  cursor: text(30).optional(),
  /** Only the sightings of one airframe (its page asks how often the viewer saw it). */
  airframe: z.coerce.number().int('编号需为整数').positive('编号需为正数').max(MAX_ID, '编号过大').optional(),
});
export type SightingsQuery = z.infer<typeof sightingsQuery>;

export const sighting = z.object({
  id: z.number().int(),
  registration: z.string(),
  /** The aircraft it was matched to (the one flying the registration now), if any. */
  airframeId: z.number().int().nullable(),
  seenOn: z.string(),
  airport: refSummary.nullable(),
  /** Only its owner reads it. */
  note: z.string().nullable(),
  public: z.boolean(),
  type: refSummary.nullable(),
  airline: refSummary.nullable(),
});
export type Sighting = z.infer<typeof sighting>;

export const sightingResponse = z.object({ message: z.string(), sighting });

export const sightingsResponse = z.object({
  items: z.array(sighting),
  nextCursor: z.string().nullable(),
});
export type SightingsResponse = z.infer<typeof sightingsResponse>;

const countOf = z.object({ ref: refSummary.nullable(), count: z.number().int() });

/** One fleet (an airline's aircraft of one type): 东航 737-800：见过 34 / 拍过 12 / 共 120. */
export const fleetCoverage = z.object({
  airline: refSummary,
  type: refSummary.nullable(),
  seen: z.number().int(),
  photographed: z.number().int(),
  total: z.number().int(),
});
export type FleetCoverage = z.infer<typeof fleetCoverage>;

export const sightingsSummary = z.object({
  /** The sightings the viewer may read (all of them for their owner). */
  total: z.number().int(),
  /** Distinct aircraft among them, and registrations no aircraft was matched to. */
  aircraft: z.number().int(),
  unmatched: z.number().int(),
  byAirline: z.array(countOf),
  byType: z.array(countOf),
  fleets: z.array(fleetCoverage),
});
export type SightingsSummary = z.infer<typeof sightingsSummary>;

export const importResponse = z.object({ message: z.string(), added: z.number().int(), repeated: z.number().int() });
export type ImportResponse = z.infer<typeof importResponse>;
