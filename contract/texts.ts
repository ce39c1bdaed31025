// Exact texts of the shell (PRODUCT.md §5.2) and the server's messages. One place, both sides.
export const SHELL = {
  loginFirst: '请先登录',
  noPermission: '没有权限',
  sessionExpired: '登录已过期，请重新登录',
  enterEmailAndPassword: '请输入邮箱和密码',
  enterEmail: '请输入用户邮箱',
  enterPassword: '请输入密码',
  networkError: '网络错误',
  loginTitle: '用户登录',
  loginOrRegister: '登录/注册',
  personalPage: '个人主页',
  forgotPassword: '忘记密码',
  register: '注册',
  login: '登录',
  gallery: '图库',
  about: '关于',
  copyright: 'Copyright © 2023 航迹 Contrail',
  notFound: '页面不存在',
} as const;

export const MESSAGES = {
  loginOk: '登录成功',
  logoutOk: '已退出登录',
  registerOk: '注册成功',
  badCredentials: '邮箱或密码错误',
  emailTaken: '邮箱已被注册',
  usernameTaken: '用户名已被使用',
  tooManyAttempts: '尝试次数过多，请稍后再试',
  tooManyRequests: '请求过于频繁，请稍后再试',
  invalidInput: '输入有误，请检查后重试',
  invalidJson: '请求内容不是有效的 JSON',
  bodyTooLarge: '请求内容过大',
  restarting: '服务器正在重启，请稍后重试',
  databaseDown: '数据库暂时无法访问，请稍后重试（你的内容没有丢失）',
  storageDown: '图片存储暂时无法访问，请稍后重试（你的内容没有丢失）',
  diskFull: '服务器存储空间不足，请稍后重试（你的内容没有丢失）',
  nothingToChange: '没有要修改的内容',
  headersTooLarge: '请求头或网址过长',
  requestTimeout: '请求超时，请检查网络后重试',
  unsupportedMediaType: '不支持的内容类型',
  notFound: '内容不存在',
  apiNotFound: '接口不存在',
  internal: '服务器内部错误',
  /** Two changes to the same rows at once, and the database chose this one to give way. */
  concurrentChange: '有人同时修改了相同的内容，请刷新后重试',
  maintenance: '网站维护中，请稍后再来',
  savedOk: '已保存',
  passwordChanged: '密码已修改，请重新登录',
  wrongOldPassword: '原密码错误',
  resetMailSent: '如果该邮箱已注册，我们已发送重置邮件',
  resetOk: '密码已重置，请重新登录',
  resetTokenInvalid: '重置链接无效或已过期',
  accountDeleted: '账户已删除',
  /** An administrator's change to an account deleted meanwhile. */
  accountGone: '该账号已注销',
  wrongPassword: '密码错误',
  passwordMismatch: '两次输入的密码不一致',
  mustAcceptTerms: '请阅读并同意用户协议',
  mustOwnPhotos: '请确认只上传本人拍摄的照片',
  emailInvalid: '邮箱格式不正确',
  /** Which addresses the shell's rule (§2.5) accepts, said before and after typing. */
  emailRule: '@ 前只能用字母、数字、下划线（_）或连字符（-），不支持点（.）和加号（+）',
  usernameInvalid: '用户名需为 3–20 个字符：字母、数字、汉字、_ 或 -',
  passwordLength: '密码需为 8–72 个字符',
  passwordBytes: '密码过长：最多 72 字节（一个汉字占 3 字节）',
  /** A cover that is not one of the member's own accepted photos. */
  coverNotOwn: '封面需为自己已通过的照片',
  /** The reason a suspension recorded without one gives. */
  defaultSuspensionReason: '违反社区规则',
} as const;

/** The suspended member's message: the end as Beijing time, to the minute (a date alone reads as "through that day"). */
/** An instant as Beijing time (UTC+8, no daylight saving): `2026-11-30 08:00（北京时间）`. */
export function beijingTime(ms: number): string {
  return `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')}（北京时间）`;
}

// Two plain clauses after the sentence, no brackets around the reason: a reason that ends in its own
// punctuation (。) or brackets reads cleanly, and /AccountStop shows the two on lines of their own.
const SUSPENDED_PARTS = /^账号已被停用。原因：(.*)；停用至：(.*)$/s;

export function suspendedMessage(reason: string, until: number | null): string {
  const end = until === null ? '另行通知' : beijingTime(until);
  return `账号已被停用。原因：${reason.replace(/[。；;，,.\s]+$/u, '')}；停用至：${end}`;
}

/** The reason and the end a suspended member's message names (suspendedMessage), or null for another text. */
export function suspensionOf(message: string): { reason: string; end: string } | null {
  const m = SUSPENDED_PARTS.exec(message);
  return m ? { reason: m[1]!, end: m[2]! } : null;
}
