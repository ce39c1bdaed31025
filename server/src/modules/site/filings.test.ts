import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseKinds, expectChineseError, makeUser, type TestApp } from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 38, item 1: the filing numbers a site in mainland China shows in its footer, set by an
// administrator, read by anyone (every page's footer), checked for their form.
describe.each(databaseKinds())('the site’s filing numbers on %s', (kind) => {
  let t: TestApp;
  let admin: User;
  let member: User;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await makeUser(t, 3);
    member = await makeUser(t, 0);
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/site/filings' })).json();
  const set = (user: User | null, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/admin/site/filings', headers: user ? bearer(user.token) : {}, payload });
  const none = { icp: '', icpUrl: '', police: '', policeUrl: '' };

  it('is empty until set, then links each number to its register, and empty again once cleared (audited)', async () => {
    expect(await read()).toEqual(none);
    const saved = await set(admin, { icp: ' 京ICP备12345678号-1 ', police: '京公网安备 11010502030143号', policeUrl: '' });
    expect(saved.statusCode, saved.body).toBe(200);
    const filings = {
      icp: '京ICP备12345678号-1',
      icpUrl: 'https://beian.miit.gov.cn/',
      police: '京公网安备 11010502030143号',
      policeUrl: 'https://beian.mps.gov.cn/#/query/webSearch?code=11010502030143',
    };
    expect(saved.json()).toEqual({ ...filings, message: '已保存' });
    expect(await read()).toEqual(filings);

    // A link of the administrator's own replaces the register's page; an ICP licence number is taken too.
    const own = await set(admin, {
      icp: '沪ICP证130164号',
      police: '沪公网安备31010402001234号',
      policeUrl: 'https://example.gov.cn/ba?id=1',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await read()).toEqual({
      icp: '沪ICP证130164号',
      icpUrl: 'https://beian.miit.gov.cn/',
      police: '沪公网安备31010402001234号',
      policeUrl: 'https://example.gov.cn/ba?id=1',
    });

    expect((await set(admin, { icp: '', police: '', policeUrl: '' })).statusCode).toBe(200);
    expect(await read()).toEqual(none);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'detail'])
      .where('action', '=', 'site.filings')
      .execute();
    expect(audit.map((a) => a.actor_id)).toEqual([admin.id, admin.id, admin.id]);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ icp: '京ICP备12345678号-1' });
  });

  it('lets only administrators set them, and refuses a number or link of the wrong form in Chinese, keeping the saved ones', async () => {
    const good = { icp: '京ICP备12345678号', police: '', policeUrl: '' };
    expect((await set(admin, good)).statusCode).toBe(200);
    expect((await set(null, good)).statusCode).toBe(401);
    expect((await set(member, good)).statusCode).toBe(403);
    for (const [payload, message] of [
      [{ ...good, icp: 'ICP 12345678' }, 'ICP 备案号的格式应如'],
      [{ ...good, icp: '京ICP备12345678号<script>' }, 'ICP 备案号的格式应如'],
      [{ ...good, police: '京公网安备 1101050203号' }, '公安备案号的格式应如'],
      [{ ...good, police: '京公网安备 11010502030143号', policeUrl: 'javascript:alert(1)' }, '公安备案链接应以 https:// 开头'],
      [{ ...good, icp: '京'.repeat(5_000) }, 'ICP 备案号的格式应如'],
    ] as const) {
      const res = await set(admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expectChineseError(res.json());
      expect(res.json().message).toContain(message);
    }
    expect(await read()).toEqual({ ...none, icp: good.icp, icpUrl: 'https://beian.miit.gov.cn/' });
  });
});
