import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseKinds, makeUser, type TestApp } from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;
const HOUR = 3_600_000;

describe.each(databaseKinds())('NOTAMs on %s', (kind) => {
  let t: TestApp;
  let admin: User;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await makeUser(t, 3);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: User | null, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user ? bearer(user.token) : {}, ...(payload ? { payload } : {}) });
  const current = async () => (await call('GET', '/notams/current', null)).json().notam as { id: number } | null;

  it('creates, publishes, edits, unpublishes and deletes; the current one is the newest published in its window', async () => {
    expect(await current()).toBeNull();
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)> 详见 https://example.com/a';
    const draft = await call('POST', '/notams', admin, { title: '系统升级通知', content: html });
    expect(draft.statusCode, draft.body).toBe(200);
    const a = draft.json().notam;
    // Stored and answered as the plain text it is; the web app shows it as text.
    expect(a).toMatchObject({ content: html, published: false });
    expect(await current()).toBeNull();

    expect(
      (await call('PUT', `/notams/${a.id}`, admin, { title: '系统升级通知', content: html, published: true })).statusCode,
    ).toBe(200);
    expect((await current())?.id).toBe(a.id);
    const now = t.clock.now();
    const later = (
      await call('POST', '/notams', admin, {
        title: '明日维护',
        content: '维护两小时',
        published: true,
        startsAt: now + HOUR,
        endsAt: now + 3 * HOUR,
      })
    ).json().notam;
    expect((await current())?.id).toBe(a.id);
    t.clock.advance(2 * HOUR);
    expect((await current())?.id).toBe(later.id);
    t.clock.advance(2 * HOUR);
    expect((await current())?.id).toBe(a.id);
    expect(
      (await call('PUT', `/notams/${a.id}`, admin, { title: '系统升级通知', content: html, published: false })).statusCode,
    ).toBe(200);
    expect(await current()).toBeNull();

    expect((await call('GET', '/notams', admin)).json().items.map((n: { id: number }) => n.id)).toEqual([later.id, a.id]);
    expect((await call('DELETE', `/notams/${later.id}`, admin)).json().message).toBe('NOTAM 已删除');
    expect((await call('DELETE', `/notams/${later.id}`, admin)).statusCode).toBe(404);
    const log = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'notam')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['notam.create', 'notam.update', 'notam.create', 'notam.update', 'notam.delete']);
    expect(log.every((l) => l.actor_id === admin.id)).toBe(true);
  });

  it('refuses a title over 60, content over 2000, bidi controls and a window that ends before it starts', async () => {
    const bad = [
      { title: 'x'.repeat(61), content: 'a' },
      { title: '标题', content: 'a'.repeat(2001) },
      { title: '标题\u202e', content: 'a' },
      { title: '标题', content: 'a', startsAt: 2000, endsAt: 1000 },
      { title: '', content: 'a' },
    ];
    for (const body of bad) {
      const res = await call('POST', '/notams', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await call('POST', '/notams', admin, { title: 'x'.repeat(60), content: 'a'.repeat(2000) })).statusCode).toBe(200);
    expect((await call('PUT', '/notams/2000000000', admin, { title: 't', content: 'c' })).statusCode).toBe(404);
  });
});
