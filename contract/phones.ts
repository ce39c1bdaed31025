import { PHONE_TEXTS } from './phone-texts.js';
import { text, z } from './zod.js';

// Verified phones (issue 38, 《互联网用户账号信息管理规定》): a member confirms a mobile number with a
// 6-digit code sent by SMS. When the site's 实名验证 is on, uploading, messaging and reporting need one.
// The number is never shown to other members; administrators see it masked.

export { PHONE_LIMITS, PHONE_TEXTS } from './phone-texts.js';

/** 13812341234 (mainland China), or E.164 (+ country code, 7–15 digits); spaces and dashes are dropped. */
export function normalizePhone(raw: string): string | null {
  const s = raw.replace(/[\s-]/g, '');
  if (/^1[3-9]\d{9}$/.test(s)) return `+86${s}`;
  const e164 = /^\+[1-9]\d{6,14}$/.test(s) ? s : /^00[1-9]\d{6,14}$/.test(s) ? `+${s.slice(2)}` : null;
  if (!e164) return null;
  // A mainland number with its country code is held to the mainland's rule.
  if (e164.startsWith('+86') && !/^\+861[3-9]\d{9}$/.test(e164)) return null;
  return e164;
}

/** 138****1234: what administrators see; other members never see the number. */
export function maskPhone(phone: string): string {
  const local = phone.startsWith('+86') ? phone.slice(3) : phone;
  if (local.length <= 7) return `${local.slice(0, 2)}****${local.slice(-2)}`;
  return `${local.slice(0, 3)}****${local.slice(-4)}`;
}

const phoneField = text(32).transform((v, ctx) => {
  const n = normalizePhone(v);
  if (!n) {
    ctx.addIssue({ code: 'custom', message: PHONE_TEXTS.format });
    return z.NEVER;
  }
  return n;
});

export const phoneCodeRequest = z.strictObject({ phone: phoneField });
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequest>;

export const phoneVerifyRequest = z.strictObject({
  phone: phoneField,
  code: text(16).regex(/^\d{6}$/, PHONE_TEXTS.codeFormat),
});
export type PhoneVerifyRequest = z.infer<typeof phoneVerifyRequest>;

/** One's own number (whole: it is theirs), whether it is verified, and whether the site asks for one. */
export const myPhone = z.object({
  phone: z.string().nullable(),
  verified: z.boolean(),
  required: z.boolean(),
});
export type MyPhone = z.infer<typeof myPhone>;

export const phoneCodeSent = z.object({ message: z.string(), resendSeconds: z.number().int() });

/** The whole number, for an administrator who asked (audited). */
export const revealedPhone = z.object({ message: z.string(), phone: z.string().nullable() });

/** 实名验证: publishing (uploads, messages, reports) needs a verified phone. Off by default. */
export const siteVerification = z.object({ phoneRequired: z.boolean() });
export type SiteVerification = z.infer<typeof siteVerification>;
export const updateVerificationRequest = z.strictObject({ phoneRequired: z.boolean() });

/** The error code of a refusal for want of a verified phone; the web app leads the member to verify. */
export const PHONE_REQUIRED_CODE = 'PHONE_REQUIRED' as const;
