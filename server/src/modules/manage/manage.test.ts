import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptPhoto, bearer, createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;
const DAY = 86_400_000;

describe.each(databaseKinds())('users admin and dashboard on %s', (kind) => {
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
  const login = (u: User) => call('POST', '/user/login', null, { email: u.email, password: u.password });

  it('finds users by email, username or id, with their level, status, slots and photo counts', async () => {
    const member = await makeUser(t);
    await insertPhoto(t, member.id, { state: 'accepted' });
    for (const q of [member.email.toUpperCase(), member.username, String(member.id)]) {
      const res = await call('GET', `/admin/users?q=${encodeURIComponent(q)}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((u: { id: number }) => u.id)).toContain(member.id);
    }
    expect((await call('GET', '/admin/users?q=99999999999', admin)).statusCode).toBe(200);
    const detail = (await call('GET', `/admin/users/${member.id}`, admin)).json();
    expect(detail.user).toMatchObject({
      id: member.id,
      level: 0,
      status: 'active',
      queueSlots: 10,
      prioritySlots: 0,
      acceptedPhotos: 1,
    });
    expect((await call('GET', `/admin/users/2000000000`, admin)).statusCode).toBe(404);
  });

  it('suspends until a date (sessions revoked), the suspension lifts itself then; every action is in the audit log', async () => {
    const member = await makeUser(t);
    const until = t.clock.now() + 2 * DAY;
    const res = await call('PUT', `/admin/users/${member.id}`, admin, { suspend: { reason: '多次上传他人作品', until } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ status: 'suspended', suspendedUntil: until, suspensionReason: '多次上传他人作品' });
    const sessions = await t.database.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', member.id).execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.revoked_at === t.clock.now())).toBe(true);
    expect((await call('GET', '/user/me', member)).statusCode).toBe(403);
    const refused = await login(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_SUSPENDED');
    // The end to the minute in Beijing time: a date alone reads as "through that day".
    const end = new Date(until + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(refused.json().message).toBe(`账号已被停用。原因：多次上传他人作品；停用至：${end}（北京时间）`);

    t.clock.advance(DAY);
    await t.services.accountsAdmin.liftEndedSuspensions();
    expect((await login(member)).statusCode).toBe(403);
    t.clock.advance(DAY);
    expect(await t.services.accountsAdmin.liftEndedSuspensions()).toBeGreaterThanOrEqual(1);
    expect((await login(member)).statusCode).toBe(200);

    const audit = (await call('GET', `/admin/users/${member.id}`, admin)).json().audit as {
      action: string;
      actor: { id: number } | null;
      createdAt: number;
    }[];
    expect(audit.map((a) => [a.action, a.actor?.id ?? null])).toEqual([
      ['user.unsuspend', null],
      ['user.suspend', admin.id],
    ]);
    expect(audit[0]!.createdAt).toBe(t.clock.now());
    expect(audit[1]!.createdAt).toBe(t.clock.now() - 2 * DAY);
  });

  it('suspends indefinitely and lifts by hand, changes level and slots, signs a user out everywhere', async () => {
    const member = await makeUser(t);
    expect((await call('PUT', `/admin/users/${member.id}`, admin, { suspend: { reason: '违规', until: null } })).statusCode).toBe(
      200,
    );
    // Long enough for any dated suspension; short of the admin's 30-day session.
    t.clock.advance(20 * DAY);
    await t.services.accountsAdmin.liftEndedSuspensions();
    expect((await login(member)).statusCode).toBe(403);
    expect((await call('PUT', `/admin/users/${member.id}`, admin, { lift: true })).json().user.status).toBe('active');
    const fresh = { ...member, token: (await login(member)).json().token as string };

    const changed = await call('PUT', `/admin/users/${member.id}`, admin, { level: 1, queueSlots: 20, prioritySlots: 2 });
    expect(changed.json().user).toMatchObject({ level: 1, queueSlots: 20, prioritySlots: 2 });
    expect((await call('POST', `/admin/users/${member.id}/sessions/revoke`, admin)).json().message).toBe(
      '已退出该用户的所有登录',
    );
    expect((await call('GET', '/user/me', fresh)).statusCode).toBe(401);

    const audit = (await call('GET', `/admin/users/${member.id}`, admin)).json().audit as {
      action: string;
      actor: { id: number };
    }[];
    expect(audit.map((a) => a.action)).toEqual([
      'user.sessions.revoke',
      'user.slots',
      'user.level',
      'user.unsuspend',
      'user.suspend',
    ]);
    expect(audit.every((a) => a.actor.id === admin.id)).toBe(true);
    // Several changes in one request go together: a level the contract refuses leaves the slots as they were.
    const bad = await call('PUT', `/admin/users/${member.id}`, admin, { level: 9, queueSlots: 1 });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `/admin/users/${member.id}`, admin)).json().user.queueSlots).toBe(20);
    const past = await call('PUT', `/admin/users/${member.id}`, admin, { suspend: { reason: '违规', until: t.clock.now() - 1 } });
    expect(past.statusCode).toBe(400);
  });

  it('lifts an ended suspension met at sign-in with its audit entry; never changes a deleted account', async () => {
    const member = await makeUser(t);
    await call('PUT', `/admin/users/${member.id}`, admin, { suspend: { reason: '短期停用', until: t.clock.now() + DAY } });
    t.clock.advance(DAY);
    // No job ran: the login finds the suspension over, lifts it and logs it as the job would.
    expect((await login(member)).statusCode).toBe(200);
    const audit = (await call('GET', `/admin/users/${member.id}`, admin)).json().audit as { action: string; actor: null }[];
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['user.unsuspend', null],
      ['user.suspend', expect.anything()],
    ]);

    const gone = await makeUser(t);
    expect((await call('DELETE', '/user/me', gone, { password: gone.password })).statusCode).toBe(200);
    // The change is guarded in its UPDATE, whatever the caller read before.
    await expect(t.services.accountsAdmin.suspend(gone.id, '迟到的停用', null, admin.id)).rejects.toMatchObject({
      status: 409,
      message: '该账号已注销',
    });
    await expect(t.services.accountsAdmin.setLevel(gone.id, 2, admin.id)).rejects.toMatchObject({ status: 409 });
    const row = await t.database.db
      .selectFrom('users')
      .select(['status', 'level'])
      .where('id', '=', gone.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'deleted', level: 0 });
  });

  it('refuses an update naming a field it does not know, or nothing to change, and changes nothing', async () => {
    const member = await makeUser(t);
    const unknown = await call('PUT', `/admin/users/${member.id}`, admin, { suspended: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('无法识别的字段：suspended');
    const nested = await call('PUT', `/admin/users/${member.id}`, admin, { suspend: { reason: '广告', until: null, days: 3 } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toBe('无法识别的字段：days');
    for (const [url, user] of [
      [`/admin/users/${member.id}`, admin],
      ['/user/me', member],
    ] as const) {
      const res = await call('PUT', url, user, {});
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('没有要修改的内容');
    }
    const photoId = await insertPhoto(t, member.id);
    expect((await call('PUT', `/photos/${photoId}`, member, {})).json().message).toBe('没有要修改的内容');
    expect((await call('PUT', `/user/me`, member, { settings: { screeningMail: false } })).json().message).toBe(
      '无法识别的字段：screeningMail',
    );
    expect((await call('GET', `/admin/users/${member.id}`, admin)).json().user).toMatchObject({ status: 'active', level: 0 });
  });

  it('never lets an administrator lower their own level or suspend themselves', async () => {
    const lower = await call('PUT', `/admin/users/${admin.id}`, admin, { level: 1 });
    expect(lower.statusCode).toBe(403);
    expect(lower.json().message).toBe('不能降低自己的权限等级');
    const self = await call('PUT', `/admin/users/${admin.id}`, admin, { suspend: { reason: '测试', until: null } });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('不能停用自己的账号');
    expect((await call('GET', `/admin/users/${admin.id}`, admin)).json().user).toMatchObject({ level: 3, status: 'active' });
  });

  it('sums up the queues, today’s decisions, open votes and pending suggestions for screeners', async () => {
    await t.database.db
      .updateTable('photos')
      .set({ state: 'withdrawn' })
      .where('state', 'in', ['pending', 'escalated'])
      .execute();
    const member = await makeUser(t);
    const screener = await makeUser(t, 1);
    await insertPhoto(t, member.id, { created_at: t.clock.now() - 8 * DAY });
    await insertPhoto(t, member.id);
    await insertPhoto(t, member.id, { queue: 'priority' });
    await call('POST', '/airports', member, { icao: 'ZZQQ', nameEn: 'Somewhere' });
    const res = await call('GET', '/manage/summary', screener);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      queues: { normal: { waiting: 2, olderThan7Days: 1 }, priority: { waiting: 1, olderThan7Days: 0 } },
      openVotes: 0,
      pendingSuggestions: { airports: 1, airlines: 0, aircraftTypes: 0 },
    });
    // The dashboard and the queue's tabs count the same photos: an escalated photo of the normal queue
    // waits in the 升级 tab, not among the normal queue's pending ones.
    await insertPhoto(t, member.id, { state: 'escalated' });
    const [summary, queue] = await Promise.all([
      call('GET', '/manage/summary', screener),
      call('GET', '/screening/queue?tab=normal', screener),
    ]);
    expect(summary.json().queues.normal.waiting).toBe(2);
    expect(queue.json().counts).toMatchObject({ normal: 2, priority: 1, escalated: 1 });
    // A decision made now is counted in today's.
    const before = res.json().decisionsToday as number;
    await acceptPhoto(t, await insertPhoto(t, member.id), { ...screener, level: 1 });
    expect((await call('GET', '/manage/summary', screener)).json().decisionsToday).toBe(before + 1);
  });
});
