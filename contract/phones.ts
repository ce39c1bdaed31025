import { text, z } from './zod.js';

// Verified phones (issue 38, 《互联网用户账号信息管理规定》): a member confirms a mobile number with a
// 6-digit code sent by SMS. When the site's 实名验证 is on, uploading, messaging and reporting need one.
// The number is never shown to other members; administrators see it masked.

export const PHONE_LIMITS = {
  codeDigits: 6,
  codeMinutes: 5,
  tries: 5,
  /** One code per number per 60 s; at most 5 an hour and 10 a day, per number, per address and per member. */
  resendSeconds: 60,
  perHour: 5,
  perDay: 10,
} as const;

export const PHONE_TEXTS = {
  format: '请填写中国大陆手机号（1 开头的 11 位数字）或带国家码的号码（如 +85291234567）',
  sent: `验证码已发送，${PHONE_LIMITS.codeMinutes} 分钟内有效`,
  resend: `${PHONE_LIMITS.resendSeconds} 秒内只能获取一次验证码`,
  perHour: `每个号码、网络或账号 1 小时内最多获取 ${PHONE_LIMITS.perHour} 次验证码`,
  perDay: `每个号码、网络或账号 24 小时内最多获取 ${PHONE_LIMITS.perDay} 次验证码`,
  taken: '这个手机号已验证了其他账号',
  codeFormat: '验证码是 6 位数字',
  noCode: '验证码已过期或不存在，请重新获取',
  tooManyTries: '尝试次数过多，请重新获取验证码',
  wrongCode: (left: number) => `验证码不正确，还可尝试 ${left} 次`,
  verified: '手机号已验证',
  removed: '已解除手机号',
  smsDown: '短信发送失败，请稍后再试',
  required: '根据实名验证要求，发布内容前需要先验证手机号',
  revealed: '已显示完整号码（已记入审计日志）',
} as const;

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
