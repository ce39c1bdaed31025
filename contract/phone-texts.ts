// Verified phones' limits and words, without zod: pages that only say a phone is needed (the upload
// form's first screen) import them from here; phones.ts re-exports them beside its schemas.

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
