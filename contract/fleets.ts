import { AIRFRAME_STATUSES } from './catalogues.js';
import { MAX_ID } from './limits.js';
import { refSummary } from './photos.js';
import { z } from './zod.js';

// Fleets (issue 39, item 3): the aircraft an airline operates now, or of one type, each with what the
// gallery has of it, and the coverage a spotter chases: 已拍 412 / 598.

export const FLEET_MESSAGES = {
  airlineNotFound: '航空公司不存在',
  typeNotFound: '机型不存在',
} as const;

/** An airline's or a type's fleet is listed whole up to this many aircraft (the largest fleets are about 1,000). */
export const FLEET_MAX = 3_000;

export const fleetParams = z.object({
  id: z.coerce.number().int('编号需为整数').positive('编号需为正数').max(MAX_ID, '编号过大'),
});
export const fleetQuery = z.object({
  /** 还没有照片: only the aircraft the gallery has no photo of. */
  missing: z.enum(['1', '0', 'true', 'false'], '还没有照片参数需为 1 或 0').optional(),
});
export type FleetQuery = z.infer<typeof fleetQuery>;

export const fleetAirframe = z.object({
  id: z.number().int(),
  registration: z.string().nullable(),
  msn: z.string().nullable(),
  /** Mode S address, lower case: the one kept, or an N-number's own. */
  modeS: z.string().nullable(),
  status: z.enum(AIRFRAME_STATUSES),
  firstTakenOn: z.string().nullable(),
  lastTakenOn: z.string().nullable(),
  photoCount: z.number().int(),
});
export type FleetAirframe = z.infer<typeof fleetAirframe>;

export const fleetResponse = z.object({
  /** The airline or the type. */
  subject: refSummary,
  /** Every aircraft of the fleet, and those with at least one accepted photo (whatever the filter). */
  total: z.number().int(),
  photographed: z.number().int(),
  /** By type for an airline, by operator for a type; each group's aircraft by registration. */
  groups: z.array(z.object({ group: refSummary.nullable(), airframes: z.array(fleetAirframe) })),
  /** More aircraft than FLEET_MAX: the first ones are listed. */
  truncated: z.boolean(),
});
export type FleetResponse = z.infer<typeof fleetResponse>;
