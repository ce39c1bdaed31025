import { text, z } from './zod.js';

// An administrator's fleet list (issue 39, item 3): CSV rows of registration, MSN, type (ICAO designator),
// Mode S address, airline (ICAO code) and status, making the aircraft that have no photo yet and filling
// what the known ones lack. A dry run shows the changes first; the import itself is audited.

export const FLEET_IMPORT_LIMITS = { csvMax: 150_000, rowsMax: 5_000, rowsListed: 1_000 } as const;

export const FLEET_IMPORT_COLUMNS = ['registration', 'msn', 'type', 'hex', 'airline', 'status'] as const;

export const FLEET_IMPORT_MESSAGES = {
  empty: '没有可导入的行：每行依次为 注册号, MSN, 机型, Mode S, 航司, 状态',
  tooManyRows: `一次最多导入 ${FLEET_IMPORT_LIMITS.rowsMax} 行`,
  unclosedQuote: '引号没有闭合',
  noRegistration: '缺少注册号',
  badRegistration: '注册号只能包含字母、数字和连字符（1–15 位）',
  msnTooLong: 'MSN 最多 30 个字符',
  unknownType: '没有这个 ICAO 机型代码',
  unknownAirline: '没有这个 ICAO 航司代码',
  unknownStatus: '状态应为 在役、封存、退役、已损毁注销（或 active、stored、retired、written_off）',
  ambiguous: '有几架飞机用过这个注册号，请填写 MSN 和机型',
  repeated: '与前面的行是同一架飞机',
  imported: '已导入',
  previewed: '预览：尚未导入',
} as const;

/** How a line's changes and the import's outcome are said (the server writes them, the page shows them). */
export const FLEET_IMPORT_TEXTS = {
  labels: { msn: 'MSN', type: '机型', modeS: 'Mode S', status: '状态', registration: '注册号', airline: '航司' },
  change: (label: string, before: string | null, after: string) => `${label}：${before ?? '空'} → ${after}`,
  fact: (label: string, value: string) => `${label} ${value}`,
  summary: (c: { create: number; update: number; unchanged: number; error: number }) =>
    `新增 ${c.create} 架，更新 ${c.update} 架，不变 ${c.unchanged} 架，有误 ${c.error} 行`,
} as const;

export const fleetImportBody = z.strictObject({
  csv: text(FLEET_IMPORT_LIMITS.csvMax, `CSV 最多 ${FLEET_IMPORT_LIMITS.csvMax} 个字符`),
  /** True: only say what would change. */
  dryRun: z.boolean('dryRun 需为 true 或 false'),
});
export type FleetImportBody = z.infer<typeof fleetImportBody>;

export const fleetImportRow = z.object({
  /** The line of the CSV (1 is the first). */
  line: z.number().int(),
  registration: z.string(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  airframeId: z.number().int().nullable(),
  /** What changes, in Chinese (`MSN：空 → 4321`). */
  changes: z.array(z.string()),
  message: z.string().nullable(),
});
export type FleetImportRow = z.infer<typeof fleetImportRow>;

export const fleetImportResponse = z.object({
  message: z.string(),
  dryRun: z.boolean(),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  /** At most FLEET_IMPORT_LIMITS.rowsListed rows, the errors and changes first. */
  rows: z.array(fleetImportRow),
});
export type FleetImportResponse = z.infer<typeof fleetImportResponse>;
