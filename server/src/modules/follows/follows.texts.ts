// What followers are told about a new photo: the notification, the mail at once and the daily digest.
// Only the server writes these; the web shows a notification as it was stored.

interface Mail {
  subject: string;
  body: string;
}

/** The notification's words: 关注的新照片：B-30EE / 空客 A320 · 中国国际航空 · 上海浦东，摄影：云端飞友. */
export function followedPhotoNotice({
  registration,
  facts,
  username,
  takenOn,
}: {
  registration: string;
  facts: string[];
  username: string;
  takenOn: string;
}): { title: string; body: string } {
  return {
    title: `关注的新照片：${registration}`,
    body: `${facts.join(' · ')}\n摄影：${username}，拍摄于 ${takenOn}`,
  };
}

/** The mail at once, with the notification's title and body. */
export function followedPhotoMail({
  username,
  title,
  body,
  photoUrl,
  followingUrl,
}: {
  username: string;
  title: string;
  body: string;
  photoUrl: string;
  followingUrl: string;
}): Mail {
  return {
    subject: `航迹 Contrail ${title}`,
    body:
      `${username}，你好：\n\n你关注的内容有一张新照片通过了审核：\n\n${title}\n${body}\n\n` +
      `查看照片：${photoUrl}\n\n` +
      `不想收到这类邮件？可在 ${followingUrl} 为每项关注选择“每日摘要”或“不发邮件”。`,
  };
}

/** The daily digest: each notification with its photo's link. */
export function followedDigestMail({
  username,
  items,
  followingUrl,
}: {
  username: string;
  items: { title: string; body: string; photoUrl: string }[];
  followingUrl: string;
}): Mail {
  return {
    subject: `航迹 Contrail 关注的新照片（${items.length} 张）`,
    body:
      `${username}，你好：\n\n你关注的内容今天有新照片：\n\n` +
      items.map((n) => `· ${n.title}\n  ${n.body.replace(/\n/g, '\n  ')}\n  ${n.photoUrl}`).join('\n\n') +
      `\n\n全部照片：${followingUrl}\n\n不想收到这类邮件？可在 ${followingUrl} 为每项关注选择“不发邮件”。`,
  };
}
