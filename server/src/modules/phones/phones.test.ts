import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePhone, PHONE_LIMITS, PHONE_TEXTS } from '../../../../contract/phones.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  makeUser,
  multipartBody,
  type TestApp,
} from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;
const MINUTE = 60_000;

describe('phone numbers as members type them', () => {
  it('takes mainland numbers and E.164, and nothing else', () => {
    expect(normalizePhone('138 1234 1234')).toBe('+8613812341234');
    expect(normalizePhone('+86 138-1234-1234')).toBe('+8613812341234');
    expect(normalizePhone('+85291234567')).toBe('+85291234567');
    expect(normalizePhone('0085291234567')).toBe('+85291234567');
    expect(normalizePhone('+14155550123')).toBe('+14155550123');
    for (const bad of ['12812341234', '1381234123', '+8612812341234', '+0123456789', 'abc', '+1234567890123456']) {
      expect(normalizePhone(bad), bad).toBeNull();
    }
  });
});

describe.each(databaseKinds())('verified phones on %s', (kind) => {
  let t: TestApp;
  let admin: User;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: User | null, payload?: unknown, ip = '10.1.1.1') =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who ? bearer(who.token) : {},
      remoteAddress: ip,
      ...(payload ? { payload } : {}),
    });
  const askCode = (who: User, phone: string, ip?: string) => call('POST', '/user/me/phone/code', who, { phone }, ip);
  const lastCode = (phone: string) => t.smsSent.filter((m) => m.to === phone).at(-1)!.code;
  const verify = (who: User, phone: string, code: string) => call('POST', '/user/me/phone/verify', who, { phone, code });
  let n = 0;
  /** A fresh mainland number. */
  const number = () => `139${String(10_000_000 + (n += 1) * 7919).slice(-8)}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await makeUser(t, 3);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends a code at most once a minute, 5 an hour and 10 a day per number, and as many per address', async () => {
    const member = await makeUser(t);
    const bad = await askCode(member, '12345');
    expect([bad.statusCode, bad.json().issues[0].message]).toEqual([400, PHONE_TEXTS.format]);
    const phone = number();
    const first = await askCode(member, phone);
    expect(first.json()).toEqual({ message: PHONE_TEXTS.sent, resendSeconds: 60 });
    expect(t.smsSent.at(-1)).toEqual({ to: `+86${phone}`, code: expect.stringMatching(/^\d{6}$/), minutes: 5 });
    const again = await askCode(member, phone);
    expect([again.statusCode, again.json().message]).toEqual([429, PHONE_TEXTS.resend]);
    // The code is kept salted and hashed: nowhere in its row.
    const row = await t.database.db.selectFrom('phone_codes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(lastCode(`+86${phone}`));

    // Start on an hour's boundary so the fixed windows do not split the count.
    t.clock.advance(3_600_000 - (t.clock.now() % 3_600_000) + 1000);
    const another = number();
    const next = await makeUser(t);
    const sends = [];
    for (let i = 0; i < PHONE_LIMITS.perHour + 1; i += 1) {
      sends.push((await askCode(next, another, '10.2.2.2')).json().message);
      t.clock.advance(MINUTE + 1000);
    }
    expect(sends.slice(0, 5)).toEqual(Array(5).fill(PHONE_TEXTS.sent));
    expect(sends[5]).toBe(PHONE_TEXTS.perHour);
    // Per address: five numbers from one address in an hour (each for another member), then no more.
    t.clock.advance(3_600_000);
    const fromOne = [];
    for (let i = 0; i < 6; i += 1) fromOne.push((await askCode(await makeUser(t), number(), '10.3.3.3')).statusCode);
    expect(fromOne).toEqual([200, 200, 200, 200, 200, 429]);
    // Per member: five numbers from five addresses, then no more.
    const roaming = await makeUser(t);
    const byOne = [];
    for (let i = 0; i < 6; i += 1) byOne.push((await askCode(roaming, number(), `10.7.7.${i}`)).statusCode);
    expect(byOne).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('confirms a code within 5 minutes and 5 tries, compared whole', async () => {
    const member = await makeUser(t);
    const phone = number();
    await askCode(member, phone);
    const code = lastCode(`+86${phone}`);
    expect((await verify(member, phone, '12345')).statusCode).toBe(400);
    // Expired after 5 minutes.
    t.clock.advance(5 * MINUTE + 1000);
    expect((await verify(member, phone, code)).json().message).toBe(PHONE_TEXTS.noCode);

    t.clock.advance(MINUTE);
    await askCode(member, phone);
    const fresh = lastCode(`+86${phone}`);
    const wrong = fresh === '000000' ? '000001' : '000000';
    const answers = [];
    for (let i = 0; i < PHONE_LIMITS.tries; i += 1) answers.push((await verify(member, phone, wrong)).json().message);
    expect(answers).toEqual(
      [1, 2, 3, 4].map((k) => PHONE_TEXTS.wrongCode(PHONE_LIMITS.tries - k)).concat(PHONE_TEXTS.tooManyTries),
    );
    expect((await verify(member, phone, fresh)).json().message).toBe(PHONE_TEXTS.tooManyTries);

    t.clock.advance(MINUTE + 1000);
    await askCode(member, phone);
    const ok = await verify(member, phone, lastCode(`+86${phone}`));
    expect(ok.json()).toEqual({ message: PHONE_TEXTS.verified });
    expect((await call('GET', '/user/me/phone', member)).json()).toEqual({
      phone: `+86${phone}`,
      verified: true,
      required: false,
    });
    // Used once.
    expect((await verify(member, phone, lastCode(`+86${phone}`))).json().message).toBe(PHONE_TEXTS.noCode);
  });

  it('lets one number verify one account, even when two confirm at once', async () => {
    const [a, b, c] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const phone = number();
    await askCode(a, phone, '10.4.4.1');
    const codeA = lastCode(`+86${phone}`);
    t.clock.advance(MINUTE + 1000);
    await askCode(b, phone, '10.4.4.2');
    const codeB = lastCode(`+86${phone}`);
    const both = await Promise.all([verify(a, phone, codeA), verify(b, phone, codeB)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(PHONE_TEXTS.taken);
    // Once verified, another account cannot even ask for a code.
    t.clock.advance(MINUTE + 1000);
    const taken = await askCode(c, phone, '10.4.4.3');
    expect([taken.statusCode, taken.json().message]).toEqual([409, PHONE_TEXTS.taken]);
  });

  it('shows the number masked to administrators, whole only when asked (audited), and never to members', async () => {
    const member = await makeUser(t);
    const other = await makeUser(t);
    await askCode(member, '13812341234', '10.5.5.5');
    await verify(member, '13812341234', lastCode('+8613812341234'));
    const detail = (await call('GET', `/admin/users/${member.id}`, admin)).json();
    expect(detail).toMatchObject({ phone: '138****1234', phoneVerified: true });
    expect(JSON.stringify(detail)).not.toContain('13812341234');
    expect((await call('POST', `/admin/users/${member.id}/phone`, other)).statusCode).toBe(403);
    expect((await call('POST', `/admin/users/${member.id}/phone`, admin)).json()).toEqual({
      message: PHONE_TEXTS.revealed,
      phone: '+8613812341234',
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_id', '=', member.id)
      .execute();
    expect(audit).toContainEqual({ action: 'phone.reveal', actor_id: admin.id });
    for (const url of [`/users/${member.id}`, `/users/${member.id}/photos`]) {
      expect((await call('GET', url, other)).body).not.toContain('1234');
    }
  });

  it('with 实名验证 on, uploads, messages and reports need a verified phone', async () => {
    const member = await makeUser(t);
    const photographer = await makeUser(t);
    expect((await call('GET', '/site/verification', null)).json()).toEqual({ phoneRequired: false });
    expect((await call('PUT', '/admin/site/verification', member, { phoneRequired: true })).statusCode).toBe(403);
    expect((await call('PUT', '/admin/site/verification', admin, { phoneRequired: true })).statusCode).toBe(200);
    expect((await call('GET', '/user/me/phone', member)).json()).toEqual({ phone: null, verified: false, required: true });

    const message = { toUserId: photographer.id, reason: 'question', contact: 'x', body: '请问在哪里拍的？' };
    const refused = await call('POST', '/messages', member, message);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      403,
      'PHONE_REQUIRED',
      PHONE_TEXTS.required,
    ]);
    expectChineseError(refused.json());
    const report = await call('POST', '/reports', member, { targetType: 'member', targetId: photographer.id, reason: 'other' });
    expect(report.json().code).toBe('PHONE_REQUIRED');
    const body = await multipartBody({ file: Buffer.from('not read'), meta: {} });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/photos',
      headers: { ...bearer(member.token), ...body.headers },
      payload: body.payload,
    });
    expect(upload.json().code).toBe('PHONE_REQUIRED');

    await askCode(member, number(), '10.6.6.6');
    const phone = t.smsSent.at(-1)!;
    await verify(member, phone.to.slice(3), phone.code);
    expect((await call('POST', '/messages', member, message)).statusCode).toBe(200);
    expect((await call('PUT', '/admin/site/verification', admin, { phoneRequired: false })).statusCode).toBe(200);
  });
});
