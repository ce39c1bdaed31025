import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_DAYS } from '../../../../contract/limits.js';
import { MESSAGES, SHELL } from '../../../../contract/texts.js';
import { MAIL_JOB } from '../../mail/outbox.js';
import { bearer, createTestApp, databaseKinds, expectChineseError, makeUser, type TestApp } from '../../testing/harness.js';

describe.each(databaseKinds())('accounts API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

  const registration = (n: string) => ({
    username: `飞友_${n}`,
    email: `Spotter_${n}@Example.com`,
    password: 'runway-27L!',
    acceptTerms: true,
    ownPhotosOnly: true,
  });

  it('registers, then logs in with the flat session shape and a 30-day expiry', async () => {
    const reg = await post('/user/register', registration('a'));
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toMatchObject({ message: MESSAGES.registerOk, username: '飞友_a', permission: 0 });

    const res = await post('/user/login', { email: 'spotter_a@example.com', password: 'runway-27L!' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['expireTime', 'id', 'message', 'permission', 'token', 'username']);
    expect(body.message).toBe(MESSAGES.loginOk);
    expect(body.token.length).toBeGreaterThanOrEqual(43);
    expect(body.expireTime).toBe(t.clock.now() + SESSION_DAYS * 86_400_000);
    expect((await get('/user/me', bearer(body.token))).json()).toMatchObject({
      username: '飞友_a',
      email: 'spotter_a@example.com',
    });
  });

  it('answers the same 401 message for an unknown email and a wrong password', async () => {
    const u = await makeUser(t);
    const unknown = await post('/user/login', { email: 'nobody@example.com', password: 'whatever-1' });
    const wrong = await post('/user/login', { email: u.email, password: 'not-the-password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ message: MESSAGES.badCredentials, code: 'UNAUTHENTICATED' });
  });

  it('refuses with 429 after repeated failures on one account, even with the right password', async () => {
    const u = await makeUser(t);
    for (let i = 0; i < 5; i++) {
      expect((await post('/user/login', { email: u.email, password: `wrong-${i}-pass` })).statusCode).toBe(401);
    }
    const locked = await post('/user/login', { email: u.email, password: u.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.tooManyAttempts });
    t.clock.advance(16 * 60_000);
    expect((await post('/user/login', { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it('lets the owner in from another address while one address that guessed wrong five times is held back', async () => {
    const u = await makeUser(t);
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/user/login', remoteAddress, payload: { email: u.email, password } });
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.7', `wrong-${i}-pass`)).statusCode).toBe(401);
    expect((await from('203.0.113.7', u.password)).statusCode).toBe(429);
    expect((await from('198.51.100.20', u.password)).statusCode).toBe(200);
    // Guessing spread over many addresses still meets a cap on the account as a whole.
    const v = await makeUser(t);
    const codes: number[] = [];
    for (let i = 0; i < 101; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        remoteAddress: `192.0.2.${i % 250}`,
        payload: { email: v.email, password: `wrong-${i}-pass` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 100).every((c) => c === 401)).toBe(true);
    expect(codes[100]).toBe(429);
  });

  it('puts registration errors on their fields', async () => {
    const bad = await post('/user/register', { username: 'a', email: 'a.b@c', password: 'short', acceptTerms: false });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().issues.map((i: { path: string[] }) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['username', 'email', 'password', 'acceptTerms', 'ownPhotosOnly']));
    expect(bad.json().issues.find((i: { path: string[] }) => i.path[0] === 'email').message).toBe(MESSAGES.emailInvalid);

    await post('/user/register', registration('dup'));
    const again = await post('/user/register', { ...registration('dup'), email: 'SPOTTER_dup@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().issues).toEqual([
      { path: ['email'], message: MESSAGES.emailTaken },
      { path: ['username'], message: MESSAGES.usernameTaken },
    ]);
  });

  it('expires a session after 30 days', async () => {
    const u = await makeUser(t);
    expect((await get('/user/me', bearer(u.token))).statusCode).toBe(200);
    t.clock.advance(SESSION_DAYS * 86_400_000 + 1);
    const res = await get('/user/me', bearer(u.token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SHELL.loginFirst, code: 'UNAUTHENTICATED' });
  });

  it('revokes the session on logout and every session on password change', async () => {
    const u = await makeUser(t);
    expect((await post('/user/logout', {}, bearer(u.token))).json()).toEqual({ message: MESSAGES.logoutOk });
    expect((await get('/user/me', bearer(u.token))).statusCode).toBe(401);

    const a = await t.services.sessions.login(u.email, u.password, '10.0.0.2');
    const b = await t.services.sessions.login(u.email, u.password, '10.0.0.2');
    const wrongOld = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/me',
      headers: bearer(a.token),
      payload: { oldPassword: 'nope-nope', newPassword: 'brand-new-pass' },
    });
    expect(wrongOld.statusCode).toBe(400);
    expect((await get('/user/me', bearer(a.token))).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/me',
      headers: bearer(a.token),
      payload: { oldPassword: u.password, newPassword: 'brand-new-pass' },
    });
    expect(changed.json().message).toBe(MESSAGES.passwordChanged);
    expect((await get('/user/me', bearer(a.token))).statusCode).toBe(401);
    expect((await get('/user/me', bearer(b.token))).statusCode).toBe(401);
    expect((await post('/user/login', { email: u.email, password: 'brand-new-pass' })).statusCode).toBe(200);
  });

  it('refuses a suspended account at login and with an old token, and lifts it at the end date', async () => {
    const u = await makeUser(t);
    const until = t.clock.now() + 3 * 86_400_000;
    await t.services.accountsAdmin.suspend(u.id, '盗图', until, null);
    const login = await post('/user/login', { email: u.email, password: u.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCOUNT_SUSPENDED');
    expect(login.json().message).toContain('盗图');
    const old = await get('/user/me', bearer(u.token));
    expect(old.statusCode).toBe(403);
    expect(old.json().code).toBe('ACCOUNT_SUSPENDED');
    t.clock.advance(3 * 86_400_000 + 1);
    expect((await post('/user/login', { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it('answers 503 MAINTENANCE to everyone but admins while maintenance is on', async () => {
    const admin = await makeUser(t, 3);
    const member = await makeUser(t);
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/site',
      headers: bearer(admin.token),
      payload: { maintenance: true, message: '系统升级' },
    });
    expect(on.json()).toMatchObject({ maintenance: true, maintenanceMessage: '系统升级', message: MESSAGES.savedOk });
    try {
      for (const headers of [{}, bearer(member.token)]) {
        const res = await get('/users/1', headers);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: '系统升级', code: 'MAINTENANCE' });
      }
      expect((await post('/user/login', { email: member.email, password: member.password })).statusCode).toBe(503);
      expect((await post('/user/login', { email: admin.email, password: admin.password })).statusCode).toBe(200);
      expect((await get('/users/1', bearer(admin.token))).statusCode).toBe(200);
      expect((await get('/site/status')).json()).toEqual({ maintenance: true, maintenanceMessage: '系统升级' });
    } finally {
      await t.services.site.setMaintenance(false, undefined, null);
    }
    expect((await get('/users/1', bearer(member.token))).statusCode).toBe(200);
    // The switch is in the audit log with who flipped it and when.
    const logged = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'created_at'])
      .where('action', 'in', ['maintenance.on', 'maintenance.off'])
      .orderBy('id')
      .execute();
    expect(logged.map((l) => [l.action, l.actor_id])).toEqual([
      ['maintenance.on', admin.id],
      ['maintenance.off', null],
    ]);
    expect(logged.every((l) => Number(l.created_at) === t.clock.now())).toBe(true);
  });

  it('answers bad bodies with 400/413 and a Chinese message, never 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: MESSAGES.invalidJson, code: 'INVALID_JSON' });

    const wrongTypes = await post('/user/login', { email: 42, password: ['x'] });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().code).toBe('VALIDATION_FAILED');
    expectChineseError(wrongTypes.json());
    const wrongRegister = await post('/user/register', {
      email: ['a'],
      username: 7,
      password: null,
      acceptTerms: 'yes',
      ownPhotosOnly: 1,
    });
    expect(wrongRegister.statusCode).toBe(400);
    expect(wrongRegister.json().issues.length).toBeGreaterThanOrEqual(3);
    expectChineseError(wrongRegister.json());

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: MESSAGES.bodyTooLarge, code: 'PAYLOAD_TOO_LARGE' });

    const badId = await get('/users/abc');
    expect(badId.statusCode).toBe(400);
    expect((await get('/users/3000000000')).statusCode).toBe(400);
    expect((await get('/users/99999999999999999999999')).statusCode).toBe(400);
    const sqlish = await post('/user/login', { email: "x' OR 1=1 --@a.b", password: "' OR '1'='1" });
    expect(sqlish.statusCode).toBe(401);
    const unknownRoute = await get('/no/such/thing');
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.json().code).toBe('NOT_FOUND');
  });

  it('never shows a password hash, token hash or email in public responses', async () => {
    const u = await makeUser(t);
    const res = await get(`/users/${u.id}`);
    expect(res.json()).toEqual({
      id: u.id,
      username: u.username,
      level: 0,
      createdAt: expect.any(Number),
      homeAirport: null,
      coverPhoto: null,
      ipRegion: null,
      stats: {
        acceptedPhotos: 0,
        acceptanceRate: null,
        featured: 0,
        firsts: 0,
        sightings: 0,
        collections: 0,
        views: 0,
        likes: 0,
      },
    });
    const text = res.body + (await get('/openapi.json')).body;
    expect(text).not.toContain(u.email);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/password_hash|token_hash/);
  });

  it('sends a one-time reset link through the outbox that revokes old sessions', async () => {
    const u = await makeUser(t);
    const unknown = await post('/user/password/forgot', { email: 'ghost@example.com' });
    const known = await post('/user/password/forgot', { email: u.email });
    expect(unknown.json()).toEqual({ message: MESSAGES.resetMailSent });
    expect(known.json()).toEqual(unknown.json());
    expect(await t.jobs.runDue({ kinds: [MAIL_JOB] })).toBeGreaterThanOrEqual(1);
    const mail = t.sent.find((m) => m.to === u.email)!;
    const token = /reset\?token=([\w-]+)/.exec(mail.body)![1]!;
    const reset = await post('/user/password/reset', { token, password: 'after-reset-9' });
    expect(reset.json()).toEqual({ message: MESSAGES.resetOk });
    expect((await post('/user/password/reset', { token, password: 'after-reset-9' })).statusCode).toBe(400);
    expect((await get('/user/me', bearer(u.token))).statusCode).toBe(401);
    expect((await post('/user/login', { email: u.email, password: 'after-reset-9' })).statusCode).toBe(200);
  });

  it('refuses levels below the route and unknown tokens', async () => {
    const member = await makeUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/site',
      headers: bearer(member.token),
      payload: { maintenance: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SHELL.noPermission, code: 'FORBIDDEN' });
    expect((await get('/user/me', bearer('not-a-real-token'))).statusCode).toBe(401);
    expect((await get('/user/me')).statusCode).toBe(401);
  });

  it('deletes an account with its password and anonymises it', async () => {
    const u = await makeUser(t);
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/me',
      headers: bearer(u.token),
      payload: { password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/me',
      headers: bearer(u.token),
      payload: { password: u.password },
    });
    expect(ok.json()).toEqual({ message: MESSAGES.accountDeleted });
    expect((await get(`/users/${u.id}`)).statusCode).toBe(404);
    expect((await post('/user/login', { email: u.email, password: u.password })).statusCode).toBe(401);
  });
});
