// What only the server writes for the photo of the week: the photographer's notification and the name
// of a picker whose account is gone. Answers the web shows are POTW_MESSAGES in the contract.
import { weekLabel } from '../../../../contract/potw.js';

export const POTW_TEXTS = {
  /** The picker of an entry whose account was deleted. */
  goneMember: '已注销',
} as const;

/** The photographer hears that their photo was picked, for which week and with the comment. */
export function potwNotice({ week, comment }: { week: string; comment: string }): { title: string; body: string } {
  return { title: '你的图片当选每周图片', body: `${weekLabel(week)}的每周图片，推荐语：${comment}` };
}
