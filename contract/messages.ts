import { MAX_ID } from './limits.js';
import { text, trimmedText, z } from './zod.js';

// `联系摄影师` (PRODUCT.md §3.4): a member writes to a photographer about a photo; the message lands
// in the photographer's inbox and goes out by mail. At most 5 per sender per 24 hours.

export const MESSAGE_REASONS = [
  { code: 'commercial', zh: '商业使用原图' },
  { code: 'non-commercial', zh: '非商业使用' },
  { code: 'question', zh: '关于拍摄的问题' },
  { code: 'other', zh: '其他' },
] as const;
export const MESSAGE_REASON_CODES = MESSAGE_REASONS.map((r) => r.code) as [string, ...string[]];
/** A suspended member's appeal from /AccountStop, in each administrator's inbox (not a reason members pick). */
export const APPEAL_REASON = { code: 'suspension', zh: '停用申诉' } as const;
export const MESSAGE_LIMITS = { bodyMax: 300, contactMax: 100, perSenderPerDay: 5 } as const;

export const MESSAGE_TEXTS = {
  sent: '已发送，摄影师会在收件箱和邮件中看到',
  toSelf: '不能给自己发消息',
  read: '已全部标为已读',
  noRecipient: '用户不存在',
  perDay: `每 24 小时最多发送 ${MESSAGE_LIMITS.perSenderPerDay} 条消息`,
} as const;

export const newMessage = z.strictObject({
  toUserId: z.number().int().positive().max(MAX_ID),
  photoId: z.number().int().positive().max(MAX_ID).optional(),
  reason: z.enum(MESSAGE_REASON_CODES, '请选择联系原因'),
  contact: trimmedText(MESSAGE_LIMITS.contactMax, '联系方式最多 100 个字符').min(1, '请填写联系方式'),
  body: trimmedText(MESSAGE_LIMITS.bodyMax, '内容最多 300 字').min(1, '请填写内容'),
});
export type NewMessage = z.infer<typeof newMessage>;

export const messageItem = z.object({
  id: z.number().int(),
  from: z.object({ id: z.number().int(), username: z.string() }),
  photoId: z.number().int().nullable(),
  reason: z.enum([...MESSAGE_REASON_CODES, APPEAL_REASON.code]),
  contact: z.string(),
  body: z.string(),
  createdAt: z.number().int(),
  read: z.boolean(),
});
export type MessageItem = z.infer<typeof messageItem>;

export const messagesQuery = z.object({
  cursor: text(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const messagesResponse = z.object({
  items: z.array(messageItem),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type MessagesResponse = z.infer<typeof messagesResponse>;

// 申诉 from /AccountStop (issue 34): a suspended member writes to the administrators, who see it in
// their inbox and by mail and answer at the account's address. The member is known by the token the
// suspension refuses, or, met at login, by the email and password (checked as a login is).
export const APPEAL_LIMITS = { bodyMax: 300, perDay: 1 } as const;

export const APPEAL_TEXTS = {
  sent: '申诉已发送给管理员，他们会在站内消息中看到，并回复到你的注册邮箱',
  once: '24 小时内只能提交一次申诉，管理员会尽快处理',
  notSuspended: '账号未被停用，无需申诉',
  noAdministrator: '暂时没有管理员可以受理申诉，请稍后再试',
  needBody: '请写下申诉的理由',
} as const;

export const suspensionAppeal = z.strictObject({
  body: trimmedText(APPEAL_LIMITS.bodyMax, '申诉最多 300 字').min(1, APPEAL_TEXTS.needBody),
  email: trimmedText(254).optional(),
  password: text(1024).optional(),
});
export type SuspensionAppeal = z.infer<typeof suspensionAppeal>;
