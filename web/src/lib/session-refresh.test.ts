import { LEVEL_HEADER } from '@contract/limits';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../testing/render.js';
import { stubApi } from '../testing/fetch-stub.js';
import { refreshSession, request } from './api.js';
import { clearSession, readSession } from './session.js';

const me = (level: number, username = '飞友甲') => ({
  id: 1,
  username,
  email: 'a@example.com',
  level,
  createdAt: 0,
  queueSlots: 10,
  prioritySlots: 0,
  settings: {},
  homeAirportId: null,
  coverPhotoId: null,
});
const withLevel = (level: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', [LEVEL_HEADER]: String(level) },
  });

afterEach(() => clearSession());

// Issue 34, item 10: a member raised to screener kept level 0 in the stored session.
describe('the stored session follows the level the server knows', () => {
  it('is refreshed from /user/me when an answer names another level, keeping the shell’s shape', async () => {
    const before = signIn({ permission: 0 });
    const api = stubApi({
      'GET /photos': () => withLevel(1, { items: [] }),
      'GET /user/me': () => withLevel(1, me(1, '审图员乙')),
    });
    await request('GET', '/photos');
    await expect.poll(() => readSession()?.permission).toBe(1);
    expect(readSession()).toEqual({ ...before, permission: 1, username: '审图员乙' });
    expect(api.calls()).toEqual(['GET /photos', 'GET /user/me']);
  });

  it('asks nothing when the level is the one stored, or when nobody is signed in', async () => {
    signIn({ permission: 1 });
    const api = stubApi({ 'GET /photos': () => withLevel(1, { items: [] }) });
    await request('GET', '/photos');
    clearSession();
    await request('GET', '/photos');
    await refreshSession();
    expect(api.calls()).toEqual(['GET /photos', 'GET /photos']);
  });

  it('refreshes on demand (the app’s start), one request for several asking at once', async () => {
    signIn({ permission: 0 });
    const api = stubApi({ 'GET /user/me': () => withLevel(2, me(2)) });
    await Promise.all([refreshSession(), refreshSession()]);
    expect(readSession()?.permission).toBe(2);
    expect(api.calls()).toEqual(['GET /user/me']);
  });
});
