import { MAX_ID } from './limits.js';
import { REJECT_REASONS } from './catalogues.js';
import { REJECT_REASON_CODES } from './screening.js';
import { text, trimmedText, z } from './zod.js';

// 举报 (issue 38, 《网络信息内容生态治理规定》 §15–16): a member reports a photo, a member or a message
// they received; screeners handle the reports on /manage/reports; the reporter is told the outcome in
// their inbox. Several reports from distinct established members hide a photo until a screener decides
// (docs/decisions.md, ADR 0043).

export const REPORT_REASONS = [
  { code: 'infringement', zh: '侵权/盗图' },
  { code: 'false-info', zh: '信息不实' },
  { code: 'military', zh: '涉军涉密' },
  { code: 'illegal', zh: '违法违规' },
  { code: 'vulgar', zh: '色情低俗' },
  { code: 'harassment', zh: '骚扰' },
  { code: 'other', zh: '其他' },
] as const;
export const REPORT_REASON_CODES = REPORT_REASONS.map((r) => r.code) as unknown as readonly [
  (typeof REPORT_REASONS)[number]['code'],
  ...(typeof REPORT_REASONS)[number]['code'][],
];
export type ReportReason = (typeof REPORT_REASONS)[number]['code'];

export const REPORT_TARGETS = ['photo', 'member', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_TARGET_NAMES: Record<ReportTarget, string> = { photo: '照片', member: '会员', message: '消息' };

/**
 * Per reporter: 10 reports a day. An account counts towards hiding a photo once it is 7 days old
 * (established); `REPORT_HIDE_AFTER` (default 3, 0 = never) such reports hide it.
 */
export const REPORT_LIMITS = { bodyMax: 500, perDay: 10, establishedDays: 7, messageMax: 300 } as const;

export const REPORT_TEXTS = {
  sent: '举报已提交，审图员处理后会在站内消息中告诉你结果',
  again: '你已经举报过它，审图员处理后会通知你',
  perDay: `每 24 小时最多举报 ${REPORT_LIMITS.perDay} 次`,
  self: '不能举报自己或自己的照片',
  involved: '不能处理涉及自己的举报，请交给其他审图员',
  photoGone: '照片不存在或已不在图库中',
  memberGone: '用户不存在',
  messageGone: '消息不存在',
  needReason: '请选择举报原因',
  reportGone: '这条举报已处理或不存在',
  resolved: '已处理，举报人会收到结果',
  dismissed: '已驳回举报，举报人会收到结果',
  actionTarget: '这个操作不适用于该举报对象',
  photoNotLive: '照片已不在图库中，请选择“已处理”或“驳回”',
  reasonRequired: '下架需要选择至少一个原因',
} as const;

export const newReport = z.strictObject({
  targetType: z.enum(REPORT_TARGETS, '举报对象有误'),
  targetId: z.number().int().positive().max(MAX_ID),
  reason: z.enum(REPORT_REASON_CODES, REPORT_TEXTS.needReason),
  body: trimmedText(REPORT_LIMITS.bodyMax, `说明最多 ${REPORT_LIMITS.bodyMax} 字`).default(''),
});
export type NewReport = z.infer<typeof newReport>;

/**
 * What a screener does with a thing's open reports: `withhold` a photo (rejected with reasons its owner
 * sees and may appeal), `hide` a message, `handled` (dealt with otherwise: a suspension with the
 * administrators' tool, a photo already rejected), or `dismiss` (nothing wrong; a photo hidden by reports
 * returns to the gallery).
 */
export const REPORT_ACTIONS = ['withhold', 'hide', 'handled', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const resolveReport = z
  .strictObject({
    action: z.enum(REPORT_ACTIONS, '请选择处理方式'),
    reasons: z
      .array(z.enum(REJECT_REASON_CODES, '未知的拒绝原因'))
      .max(REJECT_REASONS.length)
      .default([])
      .transform((codes) => [...new Set(codes)]),
    message: trimmedText(REPORT_LIMITS.messageMax, `留言最多 ${REPORT_LIMITS.messageMax} 字`).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.action === 'withhold' && d.reasons.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['reasons'], message: REPORT_TEXTS.reasonRequired });
    }
  });
export type ResolveReport = z.infer<typeof resolveReport>;

export const reportsQuery = z.object({ cursor: text(40).optional() });

const who = z.object({ id: z.number().int(), username: z.string() });

/** One thing with its open reports, as a screener sees it on /manage/reports. */
export const reportedThing = z.object({
  /** The oldest open report's id: the thing's handle in the queue and for `resolve`. */
  id: z.number().int(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.number().int(),
  /** What the thing is: a photo's registration, a member's name, a message's first words. */
  label: z.string(),
  /** Where a screener sees it (a photo or member page), or null (a message is shown here whole). */
  link: z.string().nullable(),
  /** A photo's state now; null for members and messages. */
  photoState: z.string().nullable(),
  /** The photo's owner, a message's sender, the member themself. */
  owner: who.nullable(),
  /** A message's text, which only its recipient and the screeners can read. */
  body: z.string().nullable(),
  /** The photo was hidden by reports and waits for this decision. */
  hiddenByReports: z.boolean(),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reason: z.enum(REPORT_REASON_CODES),
      body: z.string(),
      reporter: who,
      createdAt: z.number().int(),
    }),
  ),
  /** What this viewer may do with it. */
  actions: z.array(z.enum(REPORT_ACTIONS)),
});
export type ReportedThing = z.infer<typeof reportedThing>;

export const reportsResponse = z.object({
  items: z.array(reportedThing),
  nextCursor: z.string().nullable(),
  /** `suspend`: this viewer may suspend a reported member on the users page (administrators). */
  can: z.object({ suspend: z.boolean() }),
});
export type ReportsResponse = z.infer<typeof reportsResponse>;

export const reportIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
