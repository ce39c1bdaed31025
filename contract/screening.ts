import { MAX_ID, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './limits.js';
import { appealInfo, PHOTO_STATES, photoEdit, photoResponse, REJECT_REASONS } from './photos.js';
import { text, trimmedText, z } from './zod.js';

// Screening (PRODUCT.md §3.9, §3.10, §4.1, §4.3, §4.4): the queue, locks, decisions, appeals, revoke,
// statistics, and the uploader's notifications.

export const SCREENING_LIMITS = {
  lockMinutes: 5,
  messageMax: 300,
  appealNoteMax: 300,
  appealDays: 14,
  openAppealsPerMember: 3,
  flagAfterDays: 7,
  decidedListed: 50,
  digestMinutes: 30,
  /** How long a screener may take back their own acceptance or rejection (issue 34). */
  undoSeconds: 10,
} as const;

export const SCREENING_MESSAGES = {
  lockedByOther: '该照片正由其他审图员审核',
  lockTaken: '已领取，请在 5 分钟内完成审核',
  lockRenewed: '已续期',
  lockReleased: '已释放',
  noLock: '请先领取该照片再做决定',
  ownPhoto: '不能审核自己的照片',
  notDecidable: '该照片当前状态不能执行此操作',
  seniorOnly: '只有资深审图员可以处理升级和申诉的照片',
  appealByRejecter: '申诉须由未参与拒绝的资深审图员处理',
  accepted: '已通过',
  rejected: '已拒绝',
  escalated: '已升级给资深审图员',
  revoked: '已撤销通过，照片回到待审队列',
  reasonRequired: '拒绝时请至少选择一个原因',
  noteRequired: '升级时请填写说明',
  undone: '已撤销刚才的决定，照片重新等待审核',
  undoTooLate: '决定已超过 10 秒，不能撤销',
  undoNotYours: '只能撤销自己刚才的决定',
  undoNone: '这张照片没有可以撤销的通过或拒绝',
  noCorrectionsWithEscalate: '信息修正随“通过”或“拒绝”提交，升级时不修正；请把要修正的内容写在升级说明里',
  appealed: '申诉已提交，资深审图员会尽快处理',
  appealNotRejected: '只有被拒绝的照片可以申诉',
  appealTooLate: '已超过 14 天申诉期限',
  appealExists: '每张照片只能申诉一次',
  appealsFull: '最多同时有 3 个待处理的申诉',
  appealNoteRequired: '请填写申诉理由',
  notificationsRead: '已全部标为已读',
} as const;

/** Releasing a lock another screener holds: only its holder (or its running out) ends it. */
export const lockHeldByMessage = (username: string) => `这张照片由 ${username} 锁定，只有锁定者可以释放`;

export const REJECT_REASON_CODES = REJECT_REASONS.map((r) => r.code) as [string, ...string[]];

export const SCREENING_TABS = ['normal', 'priority', 'escalated', 'appeals', 'decided'] as const;
export type ScreeningTab = (typeof SCREENING_TABS)[number];

export const DECISIONS = ['accept', 'reject', 'escalate'] as const;
export type Decision = (typeof DECISIONS)[number];

/** Facts a screener may correct while screening (a typo in the registration, the wrong airport). */
export const factsCorrection = photoEdit.pick({
  registration: true,
  msn: true,
  aircraftTypeId: true,
  airlineId: true,
  airportId: true,
  airframeId: true,
  liveryId: true,
  inFlight: true,
  takenOn: true,
  categories: true,
});
export type FactsCorrection = z.infer<typeof factsCorrection>;

export const decisionRequest = z
  .strictObject({
    decision: z.enum(DECISIONS, '请选择通过、拒绝或升级'),
    reasons: z
      .array(z.enum(REJECT_REASON_CODES, '未知的拒绝原因'))
      .max(REJECT_REASONS.length)
      .default([])
      .transform((codes) => [...new Set(codes)]),
    message: trimmedText(SCREENING_LIMITS.messageMax, '留言最多 300 字').optional(),
    facts: factsCorrection.optional(),
  })
  .superRefine((d, ctx) => {
    if (d.decision === 'reject' && d.reasons.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['reasons'], message: SCREENING_MESSAGES.reasonRequired });
    }
    if (d.decision === 'escalate' && !d.message) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: SCREENING_MESSAGES.noteRequired });
    }
    // The senior who decides an escalation corrects with their 通过 or 拒绝 (the note says what to fix).
    if (d.decision === 'escalate' && d.facts && Object.keys(d.facts).length > 0) {
      ctx.addIssue({ code: 'custom', path: ['facts'], message: SCREENING_MESSAGES.noCorrectionsWithEscalate });
    }
  });
export type DecisionRequest = z.infer<typeof decisionRequest>;

export const revokeRequest = z.strictObject({
  message: trimmedText(SCREENING_LIMITS.messageMax, '留言最多 300 字').optional(),
});

export type RevokeRequest = z.infer<typeof revokeRequest>;

export const appealRequest = z.strictObject({
  note: trimmedText(SCREENING_LIMITS.appealNoteMax, '申诉理由最多 300 字').min(1, SCREENING_MESSAGES.appealNoteRequired),
});
export type AppealRequest = z.infer<typeof appealRequest>;

export const lockInfo = z.object({
  holder: z.object({ id: z.number().int(), username: z.string() }),
  expiresAt: z.number().int(),
  mine: z.boolean(),
});
export type LockInfo = z.infer<typeof lockInfo>;

export const lockResponse = z.object({ message: z.string(), lock: lockInfo });
export type LockResponse = z.infer<typeof lockResponse>;
export const nextResponse = z.object({ photoId: z.number().int().nullable() });
export type NextResponse = z.infer<typeof nextResponse>;

export const uploaderSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Share of the uploader's last 50 decisions that were acceptances; null without decisions. */
  acceptanceRate: z.number().nullable(),
  decided: z.number().int(),
});
export type UploaderSummary = z.infer<typeof uploaderSummary>;

export const screeningEvent = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  from: z.enum(PHOTO_STATES).nullable(),
  to: z.enum(PHOTO_STATES),
  reasons: z.array(z.object({ code: z.string(), title: z.string() })),
  message: z.string().nullable(),
  /** Facts changed by this step: field → [before, after]. */
  facts: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  /**
   * The names of the entries those facts name by id (type, airline, airport, livery): field → [before,
   * after], null where there was none or it is gone; the history reads 北京首都国际机场, not #27.
   */
  labels: z.record(z.string(), z.tuple([z.string().nullable(), z.string().nullable()])),
  at: z.number().int(),
});
export type ScreeningEvent = z.infer<typeof screeningEvent>;

export const queueRow = z.object({
  photo: photoResponse,
  uploader: uploaderSummary,
  ageDays: z.number(),
  overdue: z.boolean(),
  lock: lockInfo.nullable(),
  /** The tab `decided`: the decision listed. */
  lastEvent: screeningEvent.nullable(),
  appeal: appealInfo.nullable(),
});
export type QueueRow = z.infer<typeof queueRow>;

export const queueQuery = z.object({
  tab: z.enum(SCREENING_TABS, '未知的队列').default('normal'),
  cursor: text(80).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
export type QueueQuery = z.infer<typeof queueQuery>;

export const queueCounts = z.object({
  normal: z.number().int(),
  priority: z.number().int(),
  escalated: z.number().int(),
  appeals: z.number().int(),
  overdue: z.number().int(),
});
export type QueueCounts = z.infer<typeof queueCounts>;

export const queueResponse = z.object({
  items: z.array(queueRow),
  nextCursor: z.string().nullable(),
  counts: queueCounts,
});
export type QueueResponse = z.infer<typeof queueResponse>;

/** Everything the screening page shows about one photo. */
export const screeningView = z.object({
  photo: photoResponse,
  uploader: uploaderSummary,
  lock: lockInfo.nullable(),
  history: z.array(screeningEvent),
  appeal: appealInfo.nullable(),
  /** The uploader's latest decided photos, newest first. */
  uploaderRecent: z.array(z.object({ photoId: z.number().int(), state: z.enum(PHOTO_STATES), at: z.number().int() })),
  sameRegistration: z.array(photoResponse),
  /** The actions this viewer may take now. */
  allowed: z.array(z.enum([...DECISIONS, 'revoke'])),
  /** Why the page is read-only for this viewer (nothing allowed), in words; null when they may act. */
  readOnlyReason: z.string().nullable(),
});
export type ScreeningView = z.infer<typeof screeningView>;

export const decisionResponse = z.object({
  message: z.string(),
  photo: photoResponse,
  /** Whether the one who decided may take it back now, for SCREENING_LIMITS.undoSeconds (an acceptance or a rejection). */
  undoable: z.boolean(),
});
export type DecisionResponse = z.infer<typeof decisionResponse>;

const counts = z.object({ today: z.number().int(), last30Days: z.number().int(), allTime: z.number().int() });
export const statsResponse = z.object({
  mine: counts,
  team: counts.extend({ waiting: z.number().int(), overdue: z.number().int() }),
});
export type StatsResponse = z.infer<typeof statsResponse>;

export const NOTIFICATION_KINDS = [
  'accepted',
  'rejected',
  'escalated',
  'revoked',
  'appeal-upheld',
  'appeal-overturned',
  'featured',
  'suggestion-approved',
  'suggestion-rejected',
  /** A new photo of something the member follows (issue 23); mailed by the follows' own rules. */
  'followed',
  /** The member's photo was picked as the photo of the week. */
  'potw',
  /** What came of the member's 举报 (issue 38). */
  'report',
] as const;
export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  photoId: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  createdAt: z.number().int(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.object({
  cursor: text(40).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(20),
});
export const notificationsResponse = z.object({
  items: z.array(notification),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

export const screeningPhotoParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
