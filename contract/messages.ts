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
export const MESSAGE_LIMITS = { bodyMax: 300, contactMax: 100, perSenderPerDay: 5 } as const;

export const MESSAGE_TEXTS = {
  sent: '已发送，摄影师会在收件箱和邮件中看到',
  toSelf: '不能给自己发消息',
  read: '已全部标为已读',
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
  reason: z.enum(MESSAGE_REASON_CODES),
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
