import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseKinds, expectChineseError, makeUser, type TestApp } from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 19, item 13: the team's contact, set by configuration or by an administrator, read by anyone
// (a suspended member has no session).
describe.each(databaseKinds())('the site contact on %s', (kind) => {
  let t: TestApp;
  let admin: User;
  let member: User;
  beforeAll(async () => {
    t = await createTestApp(kind, { SITE_CONTACT: 'team@contrail.example' });
    admin = await makeUser(t, 3);
    member = await makeUser(t, 0);
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/site/contact' })).json().contact as string;
  const set = (user: User | null, payload: { contact: string }) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/admin/site/contact', headers: user ? bearer(user.token) : {}, payload });

  it('answers the configured contact until an administrator sets one, and again once it is cleared', async () => {
    expect(await read()).toBe('team@contrail.example');
    const saved = await set(admin, { contact: '  QQ 群 123456，邮箱 help@contrail.example  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ contact: 'QQ 群 123456，邮箱 help@contrail.example', message: '已保存' });
    expect(await read()).toBe('QQ 群 123456，邮箱 help@contrail.example');
    expect((await set(admin, { contact: '' })).json().contact).toBe('team@contrail.example');
    expect(await read()).toBe('team@contrail.example');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('action', '=', 'site.contact')
      .execute();
    expect(audit).toEqual([
      { action: 'site.contact', actor_id: admin.id },
      { action: 'site.contact', actor_id: admin.id },
    ]);
  });

  it('lets only administrators change it, and refuses a contact too long in Chinese', async () => {
    expect((await set(null, { contact: 'x' })).statusCode).toBe(401);
    expect((await set(member, { contact: 'x' })).statusCode).toBe(403);
    const long = await set(admin, { contact: '联'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expectChineseError(long.json());
    expect(long.json().message).toContain('联系方式最多 200 个字符');
    expect(await read()).toBe('team@contrail.example');
  });
});
