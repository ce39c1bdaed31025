import { SHELL } from '@contract/texts';
import { beforeEach, describe, expect, it } from 'vitest';
import { noticeStore } from '../lib/notice.js';
import { stubApi } from '../testing/fetch-stub.js';
import { pageAfterLogin, setLoginDialogOpen } from '../lib/login-dialog.js';
import { requireLevel } from './guard.js';

const session = (permission: number, expireTime: number) =>
  JSON.stringify({ message: '', token: 't', username: 'u', id: 1, permission, expireTime });
const lastNotice = () => noticeStore.get().at(-1)?.text;

const asking = (path: string) => ({ request: new Request(`http://localhost${path}`) });

describe('route guard', () => {
  beforeEach(() => {
    localStorage.clear();
    setLoginDialogOpen(false);
  });

  it('redirects without a session, opening the login dialog for the page asked for', () => {
    const res = requireLevel(0)(asking('/upload?from=menu')) as Response;
    expect(res.headers.get('Location')).toBe('/');
    expect(lastNotice()).toBe(SHELL.loginFirst);
    expect(pageAfterLogin()).toBe('/upload?from=menu');
    // Closing the dialog forgets it: a later login from the header stays on its page.
    setLoginDialogOpen(false);
    expect(pageAfterLogin()).toBeNull();
  });

  it('checks expiry before level, and removes the expired session', () => {
    localStorage.setItem('userInfo', session(0, Date.now() - 1));
    const res = requireLevel(3)(asking('/manage/user')) as Response;
    expect(res.status).toBe(302);
    expect(lastNotice()).toBe(SHELL.sessionExpired);
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('refuses a level below the route (the server agreeing) and lets an equal or higher one in', async () => {
    localStorage.setItem('userInfo', session(1, Date.now() + 60_000));
    stubApi({ 'GET /user/me': { body: { id: 1, username: 'u', level: 1 } } });
    expect(((await requireLevel(2)(asking('/screen/queue'))) as Response).status).toBe(302);
    expect(lastNotice()).toBe(SHELL.noPermission);
    expect(requireLevel(1)(asking('/screen/queue'))).toBeNull();
    expect(requireLevel(0)(asking('/upload'))).toBeNull();
  });

  it('lets in a member promoted since signing in, after asking the server their level (issue 34)', async () => {
    localStorage.setItem('userInfo', session(0, Date.now() + 60_000));
    const api = stubApi({ 'GET /user/me': { body: { id: 1, username: 'u', level: 1 } } });
    expect(await requireLevel(1)(asking('/screen/queue'))).toBeNull();
    expect(api.calls()).toEqual(['GET /user/me']);
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ token: 't', id: 1, permission: 1 });
  });
});
