import { somethingToChange, text, trimmedText, z } from './zod.js';
import { MAX_ID, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './limits.js';
import { MESSAGES } from './texts.js';
import { photoResponse } from './photos.js';
import { aircraftType, airline, airport } from './reference.js';

// The tools of screeners and administrators (PRODUCT.md §3.11–§3.14): reference data review and
// merges, editor's choice votes, users, NOTAMs and the dashboard.

const id = () => z.number().int().positive().max(MAX_ID);
export const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const done = z.object({ message: z.string() });

export const MANAGE_MESSAGES = {
  saved: '已保存',
  jobRetried: '已安排重试，稍后运行',
  jobGone: '这个任务已不在失败列表中（可能已经完成或正在运行）',
  deleted: '已删除',
  merged: '已合并',
  approved: '已通过',
  rejected: '已拒绝',
  mergeSelf: '不能合并到自身',
  mergeTarget: '目标条目不存在或不可用',
  notPending: '该条目不是待审核的建议',
  inUse: '仍有照片使用该条目，请改用合并',
  voteOpened: '已发起投票',
  voteExists: '该照片已有进行中的投票',
  voteNotAccepted: '只能对已通过的照片发起投票',
  voteClosed: '投票已结束',
  voteOwnPhoto: '不能为自己的照片发起投票或投票',
  ballotCast: '已投票',
  voteCancelled: '投票已取消',
  levelSaved: '已更新用户',
  selfLevel: '不能降低自己的权限等级',
  selfSuspend: '不能停用自己的账号',
  suspendReason: '请填写停用原因',
  sessionsRevoked: '已退出该用户的所有登录',
  notamSaved: 'NOTAM 已保存',
  notamDeleted: 'NOTAM 已删除',
  notamWindow: '结束时间需晚于开始时间',
  suspendAndLift: '不能同时停用和解除停用',
  suspendUntilPast: '结束时间需晚于现在',
} as const;

// ---- reference data ----

export const mergeRequest = z.strictObject({ intoId: id() });
export type MergeRequest = z.infer<typeof mergeRequest>;
export const reviewRequest = z.strictObject({ reason: trimmedText(200).optional() });
export type ReviewRequest = z.infer<typeof reviewRequest>;
export const pendingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
/** Who suggested an entry and when (the screener deciding it sees both). */
const suggested = {
  suggestedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  suggestedAt: z.number().int(),
};
/** Members' suggestions waiting for a screener, oldest first, up to `limit` of each kind. */
export const pendingSuggestions = z.object({
  airports: z.array(airport.extend(suggested)),
  airlines: z.array(airline.extend(suggested)),
  aircraftTypes: z.array(aircraftType.extend(suggested)),
});
export type PendingSuggestions = z.infer<typeof pendingSuggestions>;
export type Suggestion =
  PendingSuggestions['airports'][number] | PendingSuggestions['airlines'][number] | PendingSuggestions['aircraftTypes'][number];
/** A merge answers how many photos followed the duplicate to the survivor. */
export const mergeResponse = done.extend({ moved: z.number().int() });
export type MergeResponse = z.infer<typeof mergeResponse>;
export type Done = z.infer<typeof done>;

// ---- votes ----

export const VOTE_STATES = ['open', 'closed', 'cancelled'] as const;
export const VOTE_HOURS = 72;
/** Net ballots at closing that make a photo editor's choice. */
export const VOTE_FEATURE_NET = 2;

export const vote = z.object({
  id: z.number().int(),
  photoId: z.number().int(),
  reason: z.string(),
  state: z.enum(VOTE_STATES),
  openedBy: z.object({ id: z.number().int(), username: z.string() }),
  openedAt: z.number().int(),
  closesAt: z.number().int(),
  closedAt: z.number().int().nullable(),
  /** Shown once the vote is closed; null while open (ballots are not a running tally). */
  net: z.number().int().nullable(),
  featured: z.boolean(),
  ballots: z.number().int(),
  myBallot: z.union([z.literal(1), z.literal(-1)]).nullable(),
  /** The photo voted on, as a screener sees it; null once it was deleted. */
  photo: photoResponse.nullable(),
});
export type Vote = z.infer<typeof vote>;

export const votesQuery = z.object({
  state: z.enum(['open', 'closed']).default('open'),
  /** Only this photo's votes (the photo page's 发起投票 asks whether one is open). */
  photoId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  cursor: text(10, '无效的分页参数')
    .regex(/^\d{1,10}$/, '无效的分页参数')
    .refine((c) => Number(c) <= MAX_ID, '无效的分页参数')
    .optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});
export type VotesQuery = z.infer<typeof votesQuery>;
export const votesResponse = z.object({
  items: z.array(vote),
  nextCursor: z.string().nullable(),
  /** What this viewer may do with votes: cancel an open one (senior screeners). */
  can: z.object({ cancel: z.boolean() }),
});
export type VotesResponse = z.infer<typeof votesResponse>;

export const openVoteRequest = z.strictObject({
  photoId: id(),
  reason: trimmedText(200).min(1, '请填写理由'),
});
export type OpenVoteRequest = z.infer<typeof openVoteRequest>;
export const ballotRequest = z.strictObject({ value: z.union([z.literal(1), z.literal(-1)]) });
export type BallotRequest = z.infer<typeof ballotRequest>;
export const voteResponse = z.object({ message: z.string(), vote });

// ---- users (level 3) ----

/** The most users one search of /admin/users answers (the newest first when the search is empty). */
export const ADMIN_USERS_LIMIT = 50;
export const adminUsersQuery = z.object({ q: trimmedText(100).default('') });
export const adminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  level: z.number().int(),
  status: z.enum(['active', 'suspended', 'deleted']),
  suspendedUntil: z.number().int().nullable(),
  suspensionReason: z.string().nullable(),
  queueSlots: z.number().int(),
  prioritySlots: z.number().int(),
  createdAt: z.number().int(),
  acceptedPhotos: z.number().int(),
  decidedPhotos: z.number().int(),
  /** accepted / (accepted + rejected), null before any decision. */
  acceptanceRate: z.number().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUsersResponse = z.object({ items: z.array(adminUser) });

export const auditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.number().int(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;
export const adminUserDetail = z.object({
  user: adminUser,
  audit: z.array(auditEntry),
  /** The member's phone, masked (138****1234); `POST /admin/users/{id}/phone` shows it whole, audited (issue 38). */
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const updateUserRequest = z
  .strictObject({
    level: z.number().int().min(0).max(3).optional(),
    suspend: z
      .strictObject({
        reason: trimmedText(200).min(1, MANAGE_MESSAGES.suspendReason),
        /** Epoch ms; null suspends indefinitely. */
        until: z.number().int().positive().max(8_640_000_000_000).nullable(),
      })
      .optional(),
    lift: z.literal(true).optional(),
    queueSlots: z.number().int().min(0).max(1000).optional(),
    prioritySlots: z.number().int().min(0).max(1000).optional(),
  })
  .refine(somethingToChange, MESSAGES.nothingToChange);
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;
export const adminUserResponse = z.object({ message: z.string(), user: adminUser });

// ---- NOTAMs (level 3) ----

export const NOTAM_LIMITS = { title: 60, content: 2000 } as const;
export const notam = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  published: z.boolean(),
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Notam = z.infer<typeof notam>;
const when = () => z.number().int().positive().max(8_640_000_000_000).nullable().default(null);
export const notamRequest = z.strictObject({
  title: trimmedText(NOTAM_LIMITS.title).min(1, '请填写标题'),
  content: trimmedText(NOTAM_LIMITS.content).min(1, '请填写内容'),
  published: z.boolean().default(false),
  startsAt: when(),
  endsAt: when(),
});
export type NotamRequest = z.infer<typeof notamRequest>;
export const notamsResponse = z.object({ items: z.array(notam) });
export const notamResponse = z.object({ message: z.string(), notam });
export const currentNotamResponse = z.object({ notam: notam.nullable() });

// ---- dashboard (level 1) ----

export const manageSummary = z.object({
  queues: z.object({
    normal: z.object({ waiting: z.number().int(), olderThan7Days: z.number().int() }),
    priority: z.object({ waiting: z.number().int(), olderThan7Days: z.number().int() }),
  }),
  decisionsToday: z.number().int(),
  openVotes: z.number().int(),
  /** Things with open 举报 (issue 38), each counted once however many reports it has. */
  openReports: z.number().int(),
  pendingSuggestions: z.object({
    airports: z.number().int(),
    airlines: z.number().int(),
    aircraftTypes: z.number().int(),
  }),
  /** The administrators' pages and lists this viewer may open. */
  can: z.object({ manageUsers: z.boolean(), manageSite: z.boolean(), jobs: z.boolean(), importFleets: z.boolean() }),
});
export type ManageSummary = z.infer<typeof manageSummary>;

// ---- background jobs (level 3) ----

/** What each kind of background work is called on /manage. */
export const JOB_KIND_LABELS: Record<string, string> = {
  mail: '发送邮件',
  'sweep-uploads': '清理中断的上传',
  'purge-rejected': '删除过期的退稿文件',
  'screening-digests': '审图结果汇总邮件',
  'close-votes': '结束到期的投票',
  'search-reindex': '重建搜索索引',
  'airframe-link': '关联机身',
  'follow-fanout': '通知关注者',
  'follow-digests': '关注每日汇总邮件',
  'lift-suspensions': '解除到期的停用',
  'planner-statistics': '更新查询统计',
  'clean-sessions': '清理过期会话与锁',
};

export const failedJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** The kind in Chinese (JOB_KIND_LABELS), or the kind itself. */
  label: z.string(),
  attempts: z.number().int(),
  lastError: z.string(),
  /** When it is tried again (a failed job); null once it is dead. */
  retryAt: z.number().int().nullable(),
  deadAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type FailedJob = z.infer<typeof failedJob>;
export const failedJobsResponse = z.object({ items: z.array(failedJob) });
export type FailedJobsResponse = z.infer<typeof failedJobsResponse>;
