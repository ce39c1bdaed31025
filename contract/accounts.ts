import { z } from './zod.js';
import { isValidEmail, MAX_ID, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from './limits.js';
import { MESSAGES } from './texts.js';

const email = z
  .string()
  .trim()
  .refine((v) => isValidEmail(v), MESSAGES.emailInvalid);
const password = z.string().min(PASSWORD_MIN, MESSAGES.passwordLength).max(PASSWORD_MAX, MESSAGES.passwordLength);
const username = z.string().trim().regex(USERNAME_PATTERN, MESSAGES.usernameInvalid);

export const loginRequest = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(1024),
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

export const registerRequest = z.object({
  username,
  email,
  password,
  acceptTerms: z.literal(true, MESSAGES.mustAcceptTerms),
  ownPhotosOnly: z.literal(true, MESSAGES.mustOwnPhotos),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const userSettings = z.object({
  allowFeature: z.boolean(),
  allowThirdPartyCc: z.boolean(),
  screeningMails: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettings>;
export const DEFAULT_SETTINGS: UserSettings = {
  allowFeature: true,
  allowThirdPartyCc: false,
  screeningMails: true,
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
});
export type MeResponse = z.infer<typeof meResponse>;

export const updateMeRequest = z
  .object({
    username: username.optional(),
    settings: userSettings.partial().optional(),
    oldPassword: z.string().max(1024).optional(),
    newPassword: password.optional(),
  })
  .refine((v) => v.newPassword === undefined || v.oldPassword !== undefined, {
    message: MESSAGES.wrongOldPassword,
    path: ['oldPassword'],
  });
export type UpdateMeRequest = z.infer<typeof updateMeRequest>;

export const deleteMeRequest = z.object({ password: z.string().max(1024) });

export const forgotRequest = z.object({ email: z.string().trim().max(254) });
export const resetRequest = z.object({ token: z.string().min(1).max(200), password });
export type ResetRequest = z.infer<typeof resetRequest>;

export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  level: z.number().int(),
  createdAt: z.number().int(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const userIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
