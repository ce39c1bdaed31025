// Limits used by both the server and the web app. The email rule is the shell's (PRODUCT.md §2.5):
// letters, digits, underscore or hyphen, then "@", then a domain with at least one dot.
export const EMAIL_PATTERN = /^[A-Za-z0-9_-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
export const EMAIL_MAX = 254;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9_\u4e00-\u9fff-]{3,20}$/;
export const PASSWORD_MIN = 8;
// argon2 itself takes more, but 72 keeps parity with bcrypt-era sites users move from.
export const PASSWORD_MAX = 72;
/** What argon2 is given: at most 72 bytes of UTF-8 (24 Chinese characters). */
export const PASSWORD_MAX_BYTES = 72;
export const SESSION_DAYS = 30;
export const RESET_TOKEN_MINUTES = 60;
export const PAGE_LIMIT_DEFAULT = 40;
export const PAGE_LIMIT_MAX = 100;

/** Ids are 32-bit integers in both databases: a larger number is invalid input, not a lookup. */
export const MAX_ID = 2_147_483_647;

export const LEVELS = { member: 0, screener: 1, senior: 2, admin: 3 } as const;
export type Level = (typeof LEVELS)[keyof typeof LEVELS];
/**
 * The level the server knows a signed-in caller by, on every answer to them: the app refreshes its
 * stored session when it differs (a member promoted or demoted since signing in).
 */
export const LEVEL_HEADER = 'X-Contrail-Level';

/**
 * A hint, never a credential: set by the browser while a session is stored (the session itself stays in
 * localStorage, §2.3). A request with it gets the app's shell instead of a public page's HTML rendered
 * for visitors, so a member's pages are their own from the first paint (ADR 0038).
 */
export const MEMBER_COOKIE = 'contrail_member';
export const LEVEL_NAMES: Record<number, string> = {
  0: '注册用户',
  1: '审图员',
  2: '资深审图员',
  3: '管理员',
};

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
}
