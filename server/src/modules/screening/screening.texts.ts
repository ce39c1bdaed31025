import { REJECT_REASONS, type PhotoState } from '../../../../contract/photos.js';
import type { PhotoRow } from '../../db/schema.js';

// What screening writes to a photographer's inbox (and the digest mail), in one place (issue 35: no
// Chinese text in a service).

export const revokedNotice = (registration: string, message: string | null | undefined) => ({
  title: `照片 ${registration} 的通过已被撤销`,
  body: `资深审图员撤销了此前的通过决定，照片已从图库隐藏并重新进入审图队列。${message ? `\n留言：${message}` : ''}`,
});

/** What the uploader is told of a decision, in their inbox (and the digest mail). */
export function decisionNotice(photo: PhotoRow, to: PhotoState, reasons: string[], message: string | null) {
  const note = message ? `\n审图员留言：${message}` : '';
  const reg = photo.registration;
  if (photo.state === 'appealed') {
    return to === 'accepted'
      ? {
          kind: 'appeal-overturned' as const,
          title: `申诉成功：照片 ${reg} 已通过`,
          body: `资深审图员接受了你的申诉，照片已进入图库。${note}`,
        }
      : {
          kind: 'appeal-upheld' as const,
          title: `申诉未通过：照片 ${reg}`,
          body: `资深审图员维持了拒绝决定，此结果为最终结果。${note}`,
        };
  }
  if (to === 'accepted') return { kind: 'accepted' as const, title: `照片 ${reg} 已通过审核`, body: `照片已进入图库。${note}` };
  if (to === 'escalated') {
    return {
      kind: 'escalated' as const,
      title: `照片 ${reg} 已转交资深审图员`,
      body: '审图员需要资深审图员的意见，请耐心等待。',
    };
  }
  const titles = REJECT_REASONS.filter((r) => reasons.includes(r.code)).map((r) => r.title);
  return {
    kind: 'rejected' as const,
    title: `照片 ${reg} 未通过审核`,
    body: `原因：${titles.join('、')}。${note}\n可在“我的退图”中查看说明，并在 14 天内申诉一次。`,
  };
}
