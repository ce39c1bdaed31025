import { MEMBER_COOKIE } from '@contract/limits';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, saveSession, syncMemberCookie, type Session } from './session.js';

const session = (expireTime: number): Session =>
  ({ token: 't', username: '飞友', id: 7, permission: 0, expireTime, message: '登录成功' }) as Session;
const hint = () => document.cookie.split('; ').find((c) => c.startsWith(`${MEMBER_COOKIE}=`));

describe('the member hint the server reads', () => {
  afterEach(() => clearSession());

  it('follows the stored session: set on login, gone on logout and once the session expired', () => {
    expect(hint()).toBeUndefined();
    saveSession(session(Date.now() + 3_600_000));
    expect(hint()).toBe(`${MEMBER_COOKIE}=1`);
    clearSession();
    expect(hint()).toBeUndefined();
    // A session stored before the hint existed gets it when the app starts; an expired one does not.
    localStorage.setItem('userInfo', JSON.stringify(session(Date.now() + 3_600_000)));
    syncMemberCookie();
    expect(hint()).toBe(`${MEMBER_COOKIE}=1`);
    localStorage.setItem('userInfo', JSON.stringify(session(Date.now() - 1_000)));
    syncMemberCookie();
    expect(hint()).toBeUndefined();
  });
});
