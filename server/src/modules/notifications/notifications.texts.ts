// The screening-results digest mail: only the server writes it (the inbox shows each notification as stored).

/** Every result since the last digest, each notification's title and its body indented under it. */
export function screeningDigestMail({
  username,
  items,
  detailsUrl,
}: {
  username: string;
  items: { title: string; body: string }[];
  detailsUrl: string;
}): { subject: string; body: string } {
  const lines = items.map((n) => `· ${n.title}\n  ${n.body.replace(/\n/g, '\n  ')}`);
  return {
    subject: `航迹 Contrail 审图结果（${items.length} 条）`,
    body:
      `${username}，你好：\n\n你的照片有新的审图结果：\n\n${lines.join('\n\n')}\n\n` +
      `查看详情：${detailsUrl}\n\n不想收到这类邮件？可在个人主页的设置中关闭“审图结果邮件”。`,
  };
}
