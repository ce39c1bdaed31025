// What only the server writes about reference data: the suggester's notifications and the name of a
// suggester whose account is gone. Answers the web shows are in the contract (MANAGE_MESSAGES, REFERENCE_MESSAGES).

interface Notice {
  title: string;
  body: string;
}

export const REFERENCE_TEXTS = {
  /** A suggestion whose member deleted their account. */
  goneMember: '已注销用户',
} as const;

/** A suggestion that duplicated an existing entry: which one the member's photos now name. */
export function suggestionMergedNotice({
  kindName,
  label,
  intoLabel,
}: {
  kindName: string;
  label: string;
  intoLabel: string;
}): Notice {
  return {
    title: `你建议的${kindName}已合并到现有条目`,
    body: `「${label}」与已有的「${intoLabel}」重复，已合并；使用它的照片现在显示为「${intoLabel}」。`,
  };
}

/** A suggestion approved or rejected, with the reviewer's reason when one was given. */
export function suggestionReviewedNotice({
  kindName,
  label,
  approved,
  reason,
}: {
  kindName: string;
  label: string;
  approved: boolean;
  reason: string | undefined;
}): Notice {
  return approved
    ? { title: `你建议的${kindName}已通过`, body: `「${label}」现已可供所有人选择。` }
    : { title: `你建议的${kindName}未通过`, body: `「${label}」未被采纳。${reason ? `原因：${reason}` : ''}` };
}
