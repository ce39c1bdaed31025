// Texts only the server writes for accounts: the reset mail, the name a deleted account keeps, the
// admin command's answers. Texts the web also shows are in contract/texts.ts.

export const ACCOUNTS_TEXTS = {
  /** `admin` commands naming a member by address. */
  noUserWithEmail: (email: string) => `找不到邮箱为 ${email} 的用户`,
  /** A deleted account's name: anonymous, and still unique. */
  deletedUsername: (userId: number) => `已注销用户${userId}`,
} as const;

export function passwordResetMail({ username, link }: { username: string; link: string }): { subject: string; body: string } {
  return {
    subject: '航迹 Contrail 密码重置',
    body: `${username}，你好：\n\n请在 1 小时内打开下面的链接设置新密码：\n${link}\n\n如果这不是你本人的操作，请忽略本邮件。`,
  };
}
