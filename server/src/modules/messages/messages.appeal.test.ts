import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_REASON, APPEAL_TEXTS } from '../../../../contract/messages.js';
import { MAIL_JOB } from '../../mail/outbox.js';
import { bearer, createTestApp, databaseKinds, makeUser, type TestApp } from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 34, item 22: /AccountStop is no dead end when the team published no contact: a suspended
// member appeals to the administrators from the page, with the token the suspension refused, or
// with their email and password when they only met the suspension at login.
describe.each(databaseKinds())('a suspension appeal on %s', (kind) => {
  let t: TestApp;
  let admins: User[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    admins = [await makeUser(t, 3), await makeUser(t, 3)];
  });
  afterAll(async () => {
    await t?.close();
  });

  const suspend = async (u: User) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${u.id}`,
      headers: bearer(admins[0]!.token),
      payload: { suspend: { reason: '多次上传他人作品', until: null } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const appeal = (payload: object, token?: string, ip = '198.51.100.20') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/messages/appeal',
      headers: token ? bearer(token) : {},
      payload,
      remoteAddress: ip,
    });
  const inboxOf = async (u: User) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/messages', headers: bearer(u.token) })).json<{
      items: { from: { id: number }; reason: string; contact: string; body: string }[];
    }>().items;

  it('reaches every administrator’s inbox and mail from the token the suspension refuses', async () => {
    const member = await makeUser(t);
    await suspend(member);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(member.token) })).json().code).toBe(
      'ACCOUNT_SUSPENDED',
    );
    const res = await appeal({ body: '那几张照片是我本人拍摄的，可以提供原图。' }, member.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: APPEAL_TEXTS.sent });
    for (const admin of admins) {
      const [latest] = await inboxOf(admin);
      expect(latest).toMatchObject({
        from: { id: member.id },
        reason: APPEAL_REASON.code,
        contact: member.email,
        body: '那几张照片是我本人拍摄的，可以提供原图。',
      });
    }
    await t.jobs.runDue({ kinds: [MAIL_JOB] });
    const mails = t.sent.filter((m) => m.body.includes('那几张照片是我本人拍摄的'));
    expect(mails.map((m) => m.to).sort()).toEqual(admins.map((a) => a.email).sort());
    expect(mails[0]!.subject).toContain(member.username);
    expect(mails[0]!.body).toContain('多次上传他人作品');
    // Once a day: the administrators are not flooded.
    const again = await appeal({ body: '再说一次' }, member.token);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(APPEAL_TEXTS.once);
  });

  it('takes the email and password instead when the suspension was met at login, checked as a login is', async () => {
    const member = await makeUser(t);
    await suspend(member);
    const wrong = await appeal({ body: '请复核', email: member.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    const res = await appeal({ body: '请复核', email: member.email.toUpperCase(), password: member.password });
    expect(res.statusCode, res.body).toBe(200);
    expect((await inboxOf(admins[1]!))[0]).toMatchObject({ from: { id: member.id }, body: '请复核' });
  });

  it('is refused to a member who is not suspended, to nobody, and to an empty appeal', async () => {
    const member = await makeUser(t);
    const active = await appeal({ body: '你好' }, member.token);
    expect(active.statusCode).toBe(403);
    expect(active.json().message).toBe(APPEAL_TEXTS.notSuspended);
    expect((await appeal({ body: '你好' })).statusCode).toBe(401);
    expect((await appeal({ body: '你好' }, 'no-such-token')).statusCode).toBe(401);
    const suspended = await makeUser(t);
    await suspend(suspended);
    const empty = await appeal({ body: '   ' }, suspended.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0]).toMatchObject({ path: ['body'] });
  });
});
