// The mails of members' messages: only the server writes them (the inbox shows the message itself).

interface Mail {
  subject: string;
  body: string;
}

/** 联系摄影师: the photographer hears who wrote, why, how to answer, and about which photo if any. */
export function photographerMessageMail({
  username,
  sender,
  reason,
  contact,
  body,
  photo,
  inboxUrl,
}: {
  username: string;
  sender: string;
  reason: string;
  contact: string;
  body: string;
  photo: { registration: string; url: string } | null;
  inboxUrl: string;
}): Mail {
  return {
    subject: `航迹 Contrail：${sender} 联系了你（${reason}）`,
    body:
      `${username}，你好：\n\n${sender} 通过航迹联系你${photo ? `，关于照片 ${photo.registration}（${photo.url}）` : ''}。\n\n` +
      `原因：${reason}\n联系方式：${contact}\n\n${body}\n\n也可在个人主页的收件箱中查看：${inboxUrl}`,
  };
}

/** A suspended member's appeal, to each administrator: the suspension, the appeal and where to answer. */
export function suspensionAppealMail({
  username,
  member,
  body,
  manageUrl,
}: {
  username: string;
  member: { id: number; username: string; email: string; suspension: string };
  body: string;
  manageUrl: string;
}): Mail {
  return {
    subject: `航迹 Contrail：${member.username} 申诉账号停用`,
    body:
      `${username}，你好：\n\n被停用的会员 ${member.username}（编号 ${member.id}）提交了申诉。\n\n` +
      `${member.suspension}\n\n申诉：\n${body}\n\n请回复到会员的注册邮箱：${member.email}\n` +
      `在用户管理中处理：${manageUrl}`,
  };
}
