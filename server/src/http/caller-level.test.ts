import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseKinds, makeUser, type TestApp } from '../testing/harness.js';

// Issue 34, item 10: a member raised to screener kept level 0 in the stored session. Every answer to a
// signed-in caller says the level the server knows them by, so the app notices a change at once.
describe.each(databaseKinds())('the caller’s level on every answer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CORS_ORIGINS: 'https://cn.contrail.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { origin: 'https://cn.contrail.example', ...(token ? bearer(token) : {}) },
    });

  it('says X-Contrail-Level to a signed-in caller, the new one after a promotion, also on a refusal', async () => {
    const admin = await makeUser(t, 3);
    const member = await makeUser(t);
    expect((await get('/user/me', member.token)).headers['x-contrail-level']).toBe('0');
    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${member.id}`,
      headers: bearer(admin.token),
      payload: { level: 1 },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // Any answer, a public one included, carries it: the app learns of the promotion at its next call.
    const gallery = await get('/photos?limit=1', member.token);
    expect(gallery.headers['x-contrail-level']).toBe('1');
    // Readable by the app on another API host.
    expect(String(gallery.headers['access-control-expose-headers'])).toContain('X-Contrail-Level');
    const refused = await get('/admin/users?q=x', member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-contrail-level']).toBe('1');
  });

  it('says nothing to a visitor or an unknown token', async () => {
    expect((await get('/photos?limit=1')).headers['x-contrail-level']).toBeUndefined();
    expect((await get('/photos?limit=1', 'no-such-token')).headers['x-contrail-level']).toBeUndefined();
  });
});
