import { REJECT_REASONS } from '../../../../contract/catalogues.js';
import { REPORT_TARGET_NAMES, type ReportTarget } from '../../../../contract/reports.js';

// What 举报 writes to inboxes (issue 38): the reporter's outcome, the owner's notices.

const OUTCOMES: Record<string, string> = {
  withheld: '经审核，该照片已下架。',
  hidden: '经审核，该消息已隐藏。',
  handled: '经审核，已对举报内容作出处理。',
  dismissed: '经审核，未发现违反社区规则的内容，举报未被采纳。',
};

/** The reporter's notice: what they reported (a message by its kind only) and what came of it. */
export function outcomeNotice(type: ReportTarget, label: string, outcome: string, message: string | null) {
  const what = type === 'message' ? '站内消息' : `${REPORT_TARGET_NAMES[type]}“${label}”`;
  return {
    title: `你对${what}的举报已处理`,
    body: `${OUTCOMES[outcome] ?? OUTCOMES.handled!}${message ? `\n审图员留言：${message}` : ''}\n感谢你帮助维护社区。`,
  };
}

/** The reporters told again: an appeal put the photo they reported back in the gallery. */
export const restoredOnAppealNotice = (registration: string) => ({
  title: `你举报的照片“${registration}”经申诉复核已恢复`,
  body: '照片的发布者提出申诉，资深审图员复核后认为照片可以展示，照片已回到图库。',
});

export const hiddenNotice = (registration: string) => ({
  title: `照片 ${registration} 被多名会员举报，已暂时隐藏`,
  body: '照片已从图库隐藏，等待审图员处理；审图员认为没有问题时照片会回到图库。',
});

export const HIDDEN_EVENT_MESSAGE = '被多名会员举报，已自动从图库隐藏，等待在举报处理中决定';

export function withheldNotice(registration: string, reasons: string[], message: string | null) {
  const titles = REJECT_REASONS.filter((r) => reasons.includes(r.code)).map((r) => r.title);
  return {
    title: `照片 ${registration} 因举报被下架`,
    body:
      `审图员处理举报后下架了这张照片。原因：${titles.join('、')}。${message ? `\n审图员留言：${message}` : ''}\n` +
      '可在“我的退图”中查看说明；每张照片可申诉一次，须在 14 天内提出。',
  };
}

export const restoredNotice = (registration: string) => ({
  title: `照片 ${registration} 已恢复展示`,
  body: '审图员处理了针对这张照片的举报，认为照片没有问题，照片已回到图库。',
});
