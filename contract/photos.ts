import { somethingToChange, text, trimmedText, z } from './zod.js';
import { CATEGORY_CODES, registrationKey, UPLOAD_LIMITS } from './catalogues.js';
import { MAX_ID } from './limits.js';
import { formatRegistration } from './registrations.js';
import { MODE_S_MESSAGES, modeSOf } from './mode-s.js';
import { MESSAGES } from './texts.js';
import { PHOTO_MESSAGES, WATERMARK_LIMITS, type Watermark } from './photo-files.js';

// Re-exported: the upload form's first screen imports them from photo-files.ts, without zod.
export {
  checkPixelSize,
  defaultWatermark,
  fitWithin,
  frameAsShown,
  PHOTO_MESSAGES,
  WATERMARK_LIMITS,
  watermarkBox,
  type Watermark,
} from './photo-files.js';

// Re-exported: pages that need only these import them from catalogues.ts, without zod.
export {
  CATEGORIES,
  CATEGORY_CODES,
  NO_REGISTRATION,
  REJECT_REASONS,
  UPLOAD_LIMITS,
  type RejectReasonCode,
} from './catalogues.js';

const id = () => z.number().int().positive().max(MAX_ID);

export const RENDITION_EDGES = [2560, 1280, 960, 640, 320] as const;

/** The states in which a member's own photo cannot be sent again byte for byte. */
export const COPY_REFUSED_STATES = ['pending', 'escalated', 'appealed', 'accepted'] as const;

/** An exact copy (same bytes) of the member's own waiting or accepted photo: refused, naming it. */
export function ownCopyMessage(photoId: number, state: PhotoState): string {
  return `这张图片与你的图片 #${photoId}（${state === 'accepted' ? '已通过' : '待审'}）完全相同，不能重复上传`;
}

/**
 * The limits of a photo's facts, once for every form that edits them (upload, the owner's edit, the
 * screener's correction) and for the server.
 */
export const FACTS_LIMITS = {
  registrationMax: 15,
  msnMax: 30,
  remarkMax: UPLOAD_LIMITS.remarkMax,
  messageMax: UPLOAD_LIMITS.messageMax,
} as const;
export const REGISTRATION_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,14}$/;
const REGISTRATION_MESSAGE = '注册号只能包含字母、数字和连字符（1–15 位）';
export { registrationKey } from './catalogues.js';

/** Said when a registration to look up has no letter or digit (`reg=%`, `reg=-`): it would name every photo. */
export const NEED_REGISTRATION = '请提供注册号（reg）或 MSN（msn）';

/**
 * `reg` of a search (the gallery and its feeds, the open photo API): any spelling (b30ee, B-30EE), but
 * at least one letter or digit, since the search compares `registrationKey`s and an empty key is no
 * filter at all. Empty itself is allowed: no filter, as each search reads it.
 */
export const registrationSearch = trimmedText(20, '注册号最多 20 个字符').refine(
  (v) => v === '' || registrationKey(v) !== '',
  NEED_REGISTRATION,
);

/** True for a real calendar date: 2024-02-29 is one, 2023-02-29 and 2024-02-30 are not. */
export function isCalendarDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A calendar day as `YYYY-MM-DD` (every date a request carries). */
export const dateString = text(10, '日期格式需为 YYYY-MM-DD')
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式需为 YYYY-MM-DD')
  .refine(isCalendarDate, '日期不存在');

// The site mark on public renditions (its limits and placement: photo-files.ts).
export const watermarkSchema = z.strictObject({
  x: z.number().min(0),
  y: z.number().min(0),
  scale: z.number().min(WATERMARK_LIMITS.scale.min).max(WATERMARK_LIMITS.scale.max),
  opacity: z.number().min(WATERMARK_LIMITS.opacity.min).max(WATERMARK_LIMITS.opacity.max),
}) satisfies z.ZodType<Watermark>;

/**
 * The aircraft's Mode S address as a member gives it (780A1B, 0x780a1b), kept lower case; empty clears
 * it. Whether it fits the registration's state is the server's check (contract/mode-s.ts).
 */
const modeSField = trimmedText(20, MODE_S_MESSAGES.format)
  .refine((v) => v === '' || modeSOf(v) !== null, MODE_S_MESSAGES.format)
  .transform((v) => (v === '' ? '' : modeSOf(v)!));

export const photoMeta = z
  .strictObject({
    // Written as its country writes it, whatever the spelling sent (b30ee → B-30EE), as the upload form
    // does when the field is left; one that fits no country's format (a military serial) is kept upper-cased.
    registration: trimmedText(FACTS_LIMITS.registrationMax, REGISTRATION_MESSAGE)
      .transform((v) => formatRegistration(v) ?? v.toUpperCase())
      .pipe(z.string().regex(REGISTRATION_PATTERN, REGISTRATION_MESSAGE)),
    msn: trimmedText(FACTS_LIMITS.msnMax).optional(),
    modeS: modeSField.optional(),
    aircraftTypeId: id().min(1, '请选择机型'),
    airlineId: id().optional(),
    airportId: id().optional(),
    /** The member's answer when two aircraft carried the registration (GET /airframes?reg=). */
    airframeId: id().optional(),
    liveryId: id().optional(),
    inFlight: z.boolean().optional(),
    takenOn: dateString,
    // Picking a category twice means it once.
    categories: z
      .array(z.enum(CATEGORY_CODES))
      .min(1, '请至少选择一个分类')
      .max(6)
      .transform((codes) => [...new Set(codes)]),
    remark: trimmedText(FACTS_LIMITS.remarkMax, '公开说明最多 100 字').optional(),
    messageToScreener: trimmedText(FACTS_LIMITS.messageMax, '给审图员的留言最多 100 字').optional(),
    queue: z.enum(['normal', 'priority']),
    watermark: watermarkSchema.nullable(),
    /** Asked when the photo is of a military aircraft (issue 38): taken where photography is allowed. */
    militaryConfirmed: z.boolean().optional(),
  })
  .refine((m) => m.inFlight || m.airportId !== undefined, { path: ['airportId'], message: PHOTO_MESSAGES.airportRequired })
  .refine((m) => !m.categories.includes('military') || m.militaryConfirmed === true, {
    path: ['militaryConfirmed'],
    message: PHOTO_MESSAGES.militaryUnconfirmed,
  });
export type PhotoMeta = z.infer<typeof photoMeta>;

export const photoEdit = z.strictObject({
  registration: photoMeta.shape.registration.optional(),
  msn: trimmedText(FACTS_LIMITS.msnMax).optional(),
  modeS: modeSField.optional(),
  aircraftTypeId: id().optional(),
  airlineId: id().nullable().optional(),
  airportId: id().nullable().optional(),
  /** Null: no airframe chosen (one is found, or made, when the photo is accepted). */
  airframeId: id().nullable().optional(),
  liveryId: id().nullable().optional(),
  inFlight: z.boolean().optional(),
  takenOn: dateString.optional(),
  categories: photoMeta.shape.categories.optional(),
  remark: trimmedText(FACTS_LIMITS.remarkMax).optional(),
  messageToScreener: trimmedText(FACTS_LIMITS.messageMax).optional(),
});
export type PhotoEdit = z.infer<typeof photoEdit>;
/** The owner's edit as sent: at least one fact. */
export const photoEditRequest = photoEdit
  // The owner's word when the categories sent hold 军用航空器, as at upload (not a fact: never stored).
  .extend({ militaryConfirmed: z.boolean().optional() })
  .refine(({ militaryConfirmed: _, ...facts }) => somethingToChange(facts), MESSAGES.nothingToChange)
  .refine((e) => !e.categories?.includes('military') || e.militaryConfirmed === true, {
    path: ['militaryConfirmed'],
    message: PHOTO_MESSAGES.militaryUnconfirmed,
  });
export type PhotoEditBody = z.infer<typeof photoEditRequest>;

/** Facts whose change sends an accepted photo back to screening (PRODUCT.md §3.4). */
export const KEY_FACTS = [
  'registration',
  'aircraftTypeId',
  'airlineId',
  'airportId',
  'inFlight',
  'airframeId',
  'liveryId',
] as const satisfies readonly (keyof PhotoEdit)[];
export type KeyFact = (typeof KEY_FACTS)[number];

export const refSummary = z.object({
  id: z.number().int(),
  label: z.string(),
  icao: z.string().nullable(),
  iata: z.string().nullable(),
});
export type RefSummary = z.infer<typeof refSummary>;

export const exifSummary = z.object({
  camera: z.string().nullable(),
  lens: z.string().nullable(),
  focalLength: z.number().nullable(),
  aperture: z.number().nullable(),
  shutter: z.string().nullable(),
  iso: z.number().nullable(),
  takenAt: z.string().nullable(),
});
export type ExifSummary = z.infer<typeof exifSummary>;

export const photoChecks = z.object({
  sharpness: z.number(),
  clippedHighlights: z.number(),
  clippedShadows: z.number(),
  colorCast: z.object({ red: z.number(), blue: z.number() }),
  tiltDegrees: z.number().nullable(),
  /** Look-alikes by perceptual hash (0–64 bits apart); `exact` when the very same file (SHA-256). */
  duplicates: z.array(z.object({ photoId: z.number().int(), distance: z.number().int(), exact: z.boolean().optional() })),
  advice: z.array(z.string()),
});
export type PhotoChecks = z.infer<typeof photoChecks>;

export const PHOTO_STATES = ['pending', 'accepted', 'rejected', 'escalated', 'appealed', 'withdrawn', 'deleted'] as const;
export type PhotoState = (typeof PHOTO_STATES)[number];

/** What the photo page offers its signed-in viewer beyond reading it (server/src/policies/photos.ts). */
export const photoPermissions = z.object({
  /** The screening history under the photo (screeners). */
  screeningHistory: z.boolean(),
  /** 发起投票 for editor's choice (screeners, on someone else's accepted photo). */
  openVote: z.boolean(),
  /** 选为每周图片 (senior screeners, on someone else's accepted photo). */
  pickPotw: z.boolean(),
});
export type PhotoPermissions = z.infer<typeof photoPermissions>;

export const photoResponse = z.object({
  id: z.number().int(),
  state: z.enum(PHOTO_STATES),
  queue: z.enum(['normal', 'priority']),
  registration: z.string(),
  msn: z.string().nullable(),
  /** The aircraft's Mode S address as the member gave it (lower case); the airframe's is on its page. */
  modeS: z.string().nullable(),
  aircraftType: refSummary.nullable(),
  airline: refSummary.nullable(),
  airport: refSummary.nullable(),
  /** The aircraft (`/airframe/{id}`); null until accepted, for NO-REG, or while a screener must place it. */
  airframeId: z.number().int().nullable(),
  livery: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  inFlight: z.boolean(),
  takenOn: z.string(),
  categories: z.array(z.string()),
  remark: z.string().nullable(),
  messageToScreener: z.string().nullable().optional(),
  width: z.number().int(),
  height: z.number().int(),
  thumbhash: z.string(),
  renditions: z.array(z.object({ width: z.number().int(), height: z.number().int(), url: z.string() })),
  exif: exifSummary,
  checks: photoChecks.optional(),
  uploader: z.object({ id: z.number().int(), username: z.string() }),
  /** IP属地 of the upload (a province or a country), shown with the photographer; null when unknown. */
  ipRegion: z.string().nullable(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  featured: z.boolean(),
  /** 首张: the first accepted photo of its aircraft (issue 39). */
  first: z.boolean(),
  /** For screeners and the owner of a waiting photo: its aircraft has no accepted photo yet, so it would be 首张. */
  firstCandidate: z.boolean().optional(),
  /** For a signed-in viewer of one photo: whether they like it. */
  liked: z.boolean().optional(),
  /** For a signed-in viewer of one photo: what they may do with it. */
  can: photoPermissions.optional(),
});
export type PhotoResponse = z.infer<typeof photoResponse>;

export const uploadResponse = z.object({ message: z.string(), photo: photoResponse });
export type UploadResponse = z.infer<typeof uploadResponse>;

export const queueItem = z.object({
  photo: photoResponse,
  position: z.number().int(),
  estimatedWaitDays: z.number().nullable(),
});
export const uploadQueueResponse = z.object({
  items: z.array(queueItem),
  slots: z.object({
    normal: z.number().int(),
    priority: z.number().int(),
    normalUsed: z.number().int(),
    priorityUsed: z.number().int(),
  }),
});
export type UploadQueueResponse = z.infer<typeof uploadQueueResponse>;

export const appealInfo = z.object({
  state: z.enum(['open', 'upheld', 'overturned', 'withdrawn']),
  note: z.string(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
});
export type AppealInfo = z.infer<typeof appealInfo>;

export const rejectItem = z.object({
  photo: photoResponse,
  reasons: z.array(z.object({ code: z.string(), title: z.string(), guide: z.string() })),
  message: z.string().nullable(),
  rejectedAt: z.number().int(),
  appeal: appealInfo.nullable(),
  /** Until when an appeal may be sent; null once it no longer can (one appeal per photo, 14 days). */
  appealUntil: z.number().int().nullable(),
});
export const rejectQueueResponse = z.object({ items: z.array(rejectItem) });
export type RejectQueueResponse = z.infer<typeof rejectQueueResponse>;

export const registrationLookup = z.object({
  /** False when no accepted photo has this registration yet: an ordinary answer (200), not a 404. */
  found: z.boolean(),
  registration: z.string(),
  msn: z.string().nullable(),
  aircraftType: refSummary.nullable(),
  airline: refSummary.nullable(),
});
export type RegistrationLookup = z.infer<typeof registrationLookup>;

export const photoIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

export const duplicatesQuery = z.object({
  phash: text(16, '无效的图片指纹').regex(/^[0-9a-f]{16}$/, '无效的图片指纹'),
  /** The file's SHA-256: marks exact copies, and the member's own one is answered in `ownCopy`. */
  sha256: text(64, '无效的文件指纹')
    .regex(/^[0-9a-f]{64}$/, '无效的文件指纹')
    .optional(),
});
export const duplicatesResponse = z.object({
  items: photoChecks.shape.duplicates,
  /** The member's own waiting or accepted photo with the same bytes, which the server would refuse. */
  ownCopy: z.object({ photoId: z.number().int(), message: z.string() }).nullable().optional(),
});
export type DuplicatesResponse = z.infer<typeof duplicatesResponse>;
