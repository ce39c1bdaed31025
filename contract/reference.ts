import { text, trimmedCode, trimmedText, z } from './zod.js';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './limits.js';

// 'merged' and 'deleted' rows are kept (a re-import must not bring them back) but never listed.
export const REF_STATUSES = ['available', 'pending', 'rejected', 'merged', 'deleted'] as const;

export const airport = z.object({
  id: z.number().int(),
  icao: z.string().nullable(),
  iata: z.string().nullable(),
  nameZh: z.string().nullable(),
  nameEn: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  /** The city, and the province (Chinese airports) or the country (elsewhere), in Chinese. */
  cityZh: z.string().nullable(),
  regionZh: z.string().nullable(),
  status: z.enum(REF_STATUSES),
});
export type Airport = z.infer<typeof airport>;

export const airline = z.object({
  id: z.number().int(),
  icao: z.string().nullable(),
  iata: z.string().nullable(),
  nameZh: z.string().nullable(),
  nameEn: z.string(),
  country: z.string().nullable(),
  /** The short name people say (国航). */
  shortZh: z.string().nullable(),
  /** False for an airline that no longer flies. */
  active: z.boolean(),
  status: z.enum(REF_STATUSES),
});
export type Airline = z.infer<typeof airline>;

export const aircraftType = z.object({
  id: z.number().int(),
  manufacturerZh: z.string().nullable(),
  manufacturerEn: z.string(),
  typeName: z.string(),
  variant: z.string().nullable(),
  icao: z.string().nullable(),
  /** The Chinese name where it is not the manufacturer and designation (新舟 60, 运-20). */
  nameZh: z.string().nullable(),
  status: z.enum(REF_STATUSES),
});
export type AircraftType = z.infer<typeof aircraftType>;

export const refQuery = z.object({
  q: trimmedText(60).default(''),
  cursor: text(40).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});

const code = (len: number, message = `代码需为 ${len} 位字母或数字`) =>
  trimmedCode(len, message)
    .toUpperCase()
    .regex(new RegExp(`^[A-Z0-9]{${len}}$`), message);
const optionalCode = (len: number) => z.union([code(len), z.literal('').transform(() => undefined)]).optional();

/** An airport is found by its codes: a suggestion names at least one. */
export const CODE_REQUIRED = 'ICAO 或 IATA 至少填一项';

export const newAirport = z
  .strictObject({
    icao: optionalCode(4),
    iata: optionalCode(3),
    nameZh: trimmedText(60).optional(),
    nameEn: trimmedText(100).min(1, '请输入英文名'),
    city: trimmedText(60).optional(),
    country: trimmedText(60).optional(),
  })
  .refine((a) => a.icao || a.iata, { path: ['icao'], message: CODE_REQUIRED });

export const newAirline = z
  .strictObject({
    icao: optionalCode(3),
    iata: z.union([code(2), z.literal('').transform(() => undefined)]).optional(),
    nameZh: trimmedText(60).optional(),
    nameEn: trimmedText(100).min(1, '请输入英文名'),
    country: trimmedText(60).optional(),
  })
  .refine((a) => a.icao || a.iata || a.nameEn, { path: ['nameEn'], message: '请填写名称' });

export const newAircraftType = z.strictObject({
  manufacturerZh: trimmedText(60).optional(),
  manufacturerEn: trimmedText(60).min(1, '请输入制造商'),
  typeName: trimmedText(60).min(1, '请输入机型'),
  variant: trimmedText(60).optional(),
  icao: z
    .union([
      trimmedCode(4, 'ICAO 代码需为 2–4 位字母或数字')
        .toUpperCase()
        .regex(/^[A-Z0-9]{2,4}$/, 'ICAO 代码需为 2–4 位字母或数字'),
      z.literal('').transform(() => undefined),
    ])
    .optional(),
});

/**
 * The countries and regions a suggestion picks from (issue 19, item 7): `name` as the imported data
 * writes it (English), `code` its ISO 3166 code, from which the browser names it in Chinese.
 */
export const countriesResponse = z.object({ items: z.array(z.object({ code: z.string(), name: z.string() })) });
export type Country = z.infer<typeof countriesResponse>['items'][number];

/** A new entry's body of each kind (a member's suggestion, an administrator's addition). */
export const newReferenceItems = { airports: newAirport, airlines: newAirline, 'aircraft-types': newAircraftType } as const;

export type NewAirportRequest = z.infer<typeof newAirport>;
export type NewAirlineRequest = z.infer<typeof newAirline>;
export type NewAircraftTypeRequest = z.infer<typeof newAircraftType>;
export type RefQuery = z.infer<typeof refQuery>;

export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });
/** The answer to a member's suggestion of a missing entry. */
export const addedOf = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), item });

// The three kinds of reference data, each named as its API path: GET /airports?q= answers a list,
// POST /airports (a suggestion) the added entry.
export const referenceItems = { airports: airport, airlines: airline, 'aircraft-types': aircraftType } as const;

export const REFERENCE_MESSAGES = {
  /** 409 on the ICAO or IATA field: another entry of this kind holds the code. */
  codeTaken: (kindName: string) => `已存在相同代码的${kindName}`,
} as const;

/** Each kind's name in Chinese, as forms and dialogs say it. */
export const REF_KIND_NAMES = { airports: '机场', airlines: '航空公司', 'aircraft-types': '机型' } as const satisfies Record<
  keyof typeof referenceItems,
  string
>;
export const referenceLists = { airports: listOf(airport), airlines: listOf(airline), 'aircraft-types': listOf(aircraftType) };
export const referenceAdded = { airports: addedOf(airport), airlines: addedOf(airline), 'aircraft-types': addedOf(aircraftType) };
export type RefKind = keyof typeof referenceItems;
export type RefItem<K extends RefKind = RefKind> = z.infer<(typeof referenceItems)[K]>;
export type RefList<K extends RefKind = RefKind> = z.infer<(typeof referenceLists)[K]>;
export type RefAdded<K extends RefKind = RefKind> = z.infer<(typeof referenceAdded)[K]>;

// The labels live without zod, so the public pages that name an entry keep the schema library out of
// their first load; they are re-exported here for everyone else.
export {
  aircraftTypeLabel,
  aircraftTypeName,
  airlineLabel,
  airlineOptionLabel,
  airportLabel,
  refItemLabel,
} from './reference-labels.js';
