import { SHELL } from '@contract/texts';
import { beforeEach, describe, expect, it } from 'vitest';
import { noticeStore } from '../lib/notice.js';
import { requireLevel } from './guard.js';

const session = (permission: number, expireTime: number) =>
  JSON.stringify({ message: '', token: 't', username: 'u', id: 1, permission, expireTime });
const lastNotice = () => noticeStore.get().at(-1)?.text;

describe('route guard', () => {
  beforeEach(() => localStorage.clear());

  it('redirects without a session', () => {
    const res = requireLevel(0)() as Response;
    expect(res.headers.get('Location')).toBe('/');
    expect(lastNotice()).toBe(SHELL.loginFirst);
  });

  it('checks expiry before level, and removes the expired session', () => {
    localStorage.setItem('userInfo', session(0, Date.now() - 1));
    const res = requireLevel(3)() as Response;
    expect(res.status).toBe(302);
    expect(lastNotice()).toBe(SHELL.sessionExpired);
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('refuses a level below the route and lets an equal or higher one in', () => {
    localStorage.setItem('userInfo', session(1, Date.now() + 60_000));
    expect((requireLevel(2)() as Response).status).toBe(302);
    expect(lastNotice()).toBe(SHELL.noPermission);
    expect(requireLevel(1)()).toBeNull();
    expect(requireLevel(0)()).toBeNull();
  });
});
