import { somethingToChange, text, trimmedText, z } from './zod.js';
import {
  EMAIL_MAX,
  isValidEmail,
  MAX_ID,
  PASSWORD_MAX,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_PATTERN,
} from './limits.js';
import { photoResponse, refSummary } from './photos.js';
import { MESSAGES } from './texts.js';

const email = trimmedText(EMAIL_MAX, MESSAGES.emailInvalid).refine((v) => isValidEmail(v), MESSAGES.emailInvalid);
const graphemes = (v: string) => {
  let n = 0;
  for (const _ of new Intl.Segmenter().segment(v)) n++;
  return n;
};
// Counted as the user sees characters (an emoji is one); the hash input is capped at 72 bytes of UTF-8.
// A password within 72 bytes has at most 72 UTF-16 units, so `text` caps it there before the
// grapheme count (the dearest check, once a 30 KB password took seconds) ever runs.
const password = text(PASSWORD_MAX_BYTES, MESSAGES.passwordLength)
  .refine((v) => new TextEncoder().encode(v).length <= PASSWORD_MAX_BYTES, { message: MESSAGES.passwordBytes, abort: true })
  .refine((v) => {
    const n = graphemes(v);
    return n >= PASSWORD_MIN && n <= PASSWORD_MAX;
  }, MESSAGES.passwordLength);
const username = trimmedText(USERNAME_MAX, MESSAGES.usernameInvalid).regex(USERNAME_PATTERN, MESSAGES.usernameInvalid);

export const loginRequest = z.strictObject({
  email: trimmedText(254),
  password: text(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** The flat shape the shell stores as `localStorage.userInfo` (PRODUCT.md §2.3). */
export const sessionResponse = z.object({
  message: z.string(),
  token: z.string(),
  username: z.string(),
  id: z.number().int(),
  permission: z.number().int(),
  expireTime: z.number().int(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const registerRequest = z.strictObject({
  username,
  email,
  password,
  acceptTerms: z.literal(true, MESSAGES.mustAcceptTerms),
  ownPhotosOnly: z.literal(true, MESSAGES.mustOwnPhotos),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const ATTRIBUTION_MAX = 60;

export const userSettings = z.object({
  allowFeature: z.boolean(),
  allowThirdPartyCc: z.boolean(),
  /** Other sites may show the photos through the open API and oEmbed, credited and linked back. */
  allowThirdPartyDisplay: z.boolean(),
  screeningMails: z.boolean(),
  /**
   * The credit other sites show beside the photos (open API, oEmbed, feeds), as the photographer words
   * it; empty for the default `© 用户名 / 航迹 Contrail`.
   */
  attribution: trimmedText(ATTRIBUTION_MAX, `署名最多 ${ATTRIBUTION_MAX} 个字符`),
});
export type UserSettings = z.infer<typeof userSettings>;
/** The switches among the settings (every one but the credit). */
export type SettingSwitch = Exclude<keyof UserSettings, 'attribution'>;

/** The credit shown with a photo elsewhere: the photographer's own words, else `© 用户名 / 航迹 Contrail`. */
export const attributionOf = (settings: Pick<UserSettings, 'attribution'> | undefined, username: string) =>
  settings?.attribution || `© ${username} / 航迹 Contrail`;
export const DEFAULT_SETTINGS: UserSettings = {
  allowFeature: true,
  allowThirdPartyCc: false,
  allowThirdPartyDisplay: true,
  screeningMails: true,
  attribution: '',
};

export const meResponse = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  level: z.number().int(),
  createdAt: z.number().int(),
  queueSlots: z.number().int(),
  prioritySlots: z.number().int(),
  settings: userSettings,
  homeAirportId: z.number().int().nullable(),
  coverPhotoId: z.number().int().nullable(),
});
export type MeResponse = z.infer<typeof meResponse>;

export const updateMeRequest = z
  .strictObject({
    username: username.optional(),
    settings: userSettings.partial().strict().optional(),
    /** The member's home airport (an airport id), or null to clear it. */
    homeAirportId: z.number().int().positive().max(MAX_ID).nullable().optional(),
    /** One of the member's own accepted photos as the cover of their page, or null. */
    coverPhotoId: z.number().int().positive().max(MAX_ID).nullable().optional(),
    oldPassword: text(1024).optional(),
    newPassword: password.optional(),
  })
  .refine(somethingToChange, MESSAGES.nothingToChange)
  .refine((v) => v.newPassword === undefined || v.oldPassword !== undefined, {
    message: MESSAGES.wrongOldPassword,
    path: ['oldPassword'],
  });
export type UpdateMeRequest = z.infer<typeof updateMeRequest>;

export const deleteMeRequest = z.strictObject({ password: text(1024) });

export const forgotRequest = z.strictObject({ email: trimmedText(254) });
export const resetRequest = z.strictObject({ token: text(200).min(1), password });
export type ResetRequest = z.infer<typeof resetRequest>;

export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  level: z.number().int(),
  createdAt: z.number().int(),
  homeAirport: refSummary.nullable(),
  coverPhoto: photoResponse.nullable(),
  /** IP属地 of the member's latest login (a province or a country); null when unknown. */
  ipRegion: z.string().nullable(),
  stats: z.object({
    acceptedPhotos: z.number().int(),
    /** Share of the last 50 screening decisions on the member's photos that accepted; null without any. */
    acceptanceRate: z.number().nullable(),
    featured: z.number().int(),
    /** 首张: accepted photos that are the first of their aircraft (issue 39). */
    firsts: z.number().int(),
    /** Public sightings (我的目击, issue 39): the member's page lists them to others when there are any. */
    sightings: z.number().int(),
    /** Public collections (收藏, issue 39): the member's page lists them to others when there are any. */
    collections: z.number().int(),
    views: z.number().int(),
    /** 获赞: likes on the member's photos in the gallery. */
    likes: z.number().int(),
  }),
});
export type PublicUser = z.infer<typeof publicUser>;

export const userIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
