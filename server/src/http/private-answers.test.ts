import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseKinds, insertAccepted, makeUser, type TestApp } from '../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 34, item 8: an answer that depends on who is signed in is kept by no cache, the browser's
// included (a shared computer, a proxy); the answers that are the same for everyone stay cacheable.
describe.each(databaseKinds())('Cache-Control of private and public answers on %s', (kind) => {
  let t: TestApp;
  let member: User;
  let screener: User;
  let photoId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    member = await makeUser(t);
    screener = await makeUser(t, 1);
    photoId = await insertAccepted(t, member.id, { id: screener.id, username: screener.username, level: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (method: 'GET' | 'POST', url: string, user: User | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user ? bearer(user.token) : {},
      remoteAddress: '10.34.8.1',
      ...(payload ? { payload } : {}),
    });

  it('sends private, no-store with every answer for a signed-in member', async () => {
    const answers: [string, User, 'GET' | 'POST', object?][] = [
      ['/user/me', member, 'GET'],
      ['/follows', member, 'GET'],
      ['/following', member, 'GET'],
      ['/messages', member, 'GET'],
      ['/notifications', member, 'GET'],
      ['/queue/upload', member, 'GET'],
      ['/queue/reject', member, 'GET'],
      ['/screening/queue', screener, 'GET'],
      ['/manage/summary', screener, 'GET'],
      ['/follows', member, 'POST', { kind: 'registration', target: 'B-3408' }],
      // Public routes answered for a member: the photo says whether they liked it.
      [`/photos/${photoId}`, member, 'GET'],
      ['/photos?limit=3', member, 'GET'],
    ];
    for (const [url, user, method, payload] of answers) {
      const res = await ask(method, url, user, payload);
      expect([url, res.statusCode < 300]).toEqual([url, true]);
      expect([url, res.headers['cache-control']]).toEqual([url, 'private, no-store']);
    }
  });

  it('sends it with refusals of a private route too, and with an unknown token', async () => {
    const refused = await ask('GET', '/user/me', null);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer('no-such-token') });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['cache-control']).toBe('private, no-store');
  });

  it('leaves the answers that are the same for everyone as they were', async () => {
    expect((await ask('GET', '/photos?limit=3', null)).headers['cache-control']).toBeUndefined();
    expect((await ask('GET', `/photos/${photoId}`, null)).headers['cache-control']).toBeUndefined();
    expect((await ask('GET', '/public/photos?reg=B-1234', null)).headers['cache-control']).toBe('public, max-age=300');
    expect((await ask('GET', '/feeds/photos', null)).headers['cache-control']).toBe('public, max-age=300');
    // A public answer the route made cacheable stays so when a member asks for it.
    expect((await ask('GET', '/reference/countries', member)).headers['cache-control']).toBe('public, max-age=86400');
    expect((await ask('GET', '/feeds/photos', member)).headers['cache-control']).toBe('public, max-age=300');
  });
});
