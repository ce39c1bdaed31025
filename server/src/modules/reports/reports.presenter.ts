import { REPORT_REASON_CODES, type ReportedThing, type ReportReason, type ReportTarget } from '../../../../contract/reports.js';
import type { AuthUser } from '../../http/auth.js';
import { reports as policy } from '../../policies/index.js';
import type * as repo from './reports.repository.js';

const LABEL_MAX = 30;
const short = (s: string) => (s.length > LABEL_MAX ? `${s.slice(0, LABEL_MAX)}…` : s);
const reasonOf = (r: string): ReportReason => REPORT_REASON_CODES.find((c) => c === r) ?? 'other';

/** What the queue shows of the reported things, read once for a page. */
export interface ThingRows {
  reports: Awaited<ReturnType<typeof repo.openReportsOf>>;
  photos: Awaited<ReturnType<typeof repo.photoTargets>>;
  hiddenIds: Set<number>;
  members: Awaited<ReturnType<typeof repo.memberTargets>>;
  messages: Awaited<ReturnType<typeof repo.messageTargets>>;
}

/** One thing with its open reports and what this viewer may do with them. */
export function presentThing(
  viewer: AuthUser,
  t: { id: number; target_type: string; target_id: number },
  rows: ThingRows,
): ReportedThing {
  const type = t.target_type as ReportTarget;
  const base = { id: Number(t.id), targetType: type, targetId: t.target_id };
  const of = rows.reports
    .filter((r) => r.target_type === type && r.target_id === t.target_id)
    .map((r) => ({
      id: r.id,
      reason: reasonOf(r.reason),
      body: r.body,
      reporter: { id: r.reporter_id, username: r.username },
      createdAt: r.created_at,
    }));
  let thing: Omit<ReportedThing, keyof typeof base | 'reports' | 'actions'>;
  let live = false;
  if (type === 'photo') {
    const p = rows.photos.find((x) => x.id === t.target_id);
    const hiddenByReports = rows.hiddenIds.has(t.target_id) && p?.state === 'pending';
    live = p?.state === 'accepted' || hiddenByReports;
    thing = {
      label: p ? p.registration : `#${t.target_id}`,
      link: `/photo/${t.target_id}`,
      photoState: p?.state ?? 'deleted',
      owner: p ? { id: p.uploader_id, username: p.username } : null,
      body: null,
      hiddenByReports,
    };
  } else if (type === 'member') {
    const m = rows.members.find((x) => x.id === t.target_id);
    thing = {
      label: m?.username ?? `#${t.target_id}`,
      link: `/user/${t.target_id}`,
      photoState: null,
      owner: m ? { id: m.id, username: m.username } : null,
      body: null,
      hiddenByReports: false,
    };
  } else {
    const m = rows.messages.find((x) => x.id === t.target_id);
    live = m !== undefined && m.hidden_at === null;
    thing = {
      label: m ? short(m.body) : `#${t.target_id}`,
      link: null,
      photoState: null,
      owner: m ? { id: m.from_user_id, username: m.username } : null,
      body: m?.body ?? null,
      hiddenByReports: false,
    };
  }
  // Whoever the reports concern, or who made one, leaves the decision to the other screeners.
  const involved = thing.owner?.id === viewer.id || of.some((r) => r.reporter.id === viewer.id);
  const hidden = thing.hiddenByReports;
  return { ...base, ...thing, reports: of, actions: policy.actionsFor(viewer, { type, involved, live, hidden }) };
}
