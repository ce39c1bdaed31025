import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../../contract/photos.js';
import { MESSAGES } from '../../../contract/texts.js';
import { FORBIDDEN_CHARACTERS_MESSAGE } from '../../../contract/zod.js';
import { MAIL_JOB, SENT_BODY } from '../mail/outbox.js';
import { asAnotherFile, makeJpeg, withClaimedSize } from '../testing/images.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  makeUser,
  multipartBody,
  seedReference,
  type TestApp,
} from '../testing/harness.js';

describe.each(databaseKinds())('security properties on %s', (kind) => {
  let t: TestApp;
  let ref: Awaited<ReturnType<typeof seedReference>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ref = await seedReference(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers, remoteAddress: ip });

  it('sends the API’s JSON the headers that guard any answer, and a page’s only to pages', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/photos?limit=1' });
    expect(api.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
      'strict-transport-security': expect.stringContaining('max-age='),
    });
    for (const pageOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(api.headers[pageOnly], pageOnly).toBeUndefined();
    }
    const page = await t.app.inject({ method: 'GET', url: '/terms' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets at most 5 of 50 parallel wrong logins from one address through for an account; the rest get 429', async () => {
    const u = await makeUser(t);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post('/user/login', { email: u.email, password: `wrong-${i}` }, {}, '198.51.100.7')),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(45);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
    // From that address the right password does not pass either until the window is over …
    expect((await post('/user/login', { email: u.email, password: u.password }, {}, '198.51.100.7')).statusCode).toBe(429);
    // … while the owner, somewhere else, signs in.
    expect((await post('/user/login', { email: u.email, password: u.password }, {}, '203.0.113.50')).statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    expect((await post('/user/login', { email: u.email, password: u.password }, {}, '198.51.100.7')).statusCode).toBe(200);
  });

  it('holds the account-wide cap when 150 wrong logins come at once from 150 addresses', async () => {
    const u = await makeUser(t);
    const results = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        post('/user/login', { email: u.email, password: `wrong-${i}` }, {}, `10.${i >> 8}.${i & 255}.9`),
      ),
    );
    expect(results.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(100);
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
  });

  it('makes at most 10 accounts from 15 parallel registrations of one address', async () => {
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        post(
          '/user/register',
          {
            username: `并发${i}号`,
            email: `burst${i}@example.com`,
            password: 'password-123',
            acceptTerms: true,
            ownPhotosOnly: true,
          },
          {},
          '192.0.2.99',
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(5);
    // Failed attempts count too: a taken name cannot be used to probe e-mails without limit.
    const probe = await post(
      '/user/register',
      { username: '并发0号', email: 'someone@example.com', password: 'password-123', acceptTerms: true, ownPhotosOnly: true },
      {},
      '192.0.2.99',
    );
    expect(probe.statusCode).toBe(429);
  });

  it('kills superseded reset links and links older than a password change; keeps no live link in the outbox', async () => {
    const u = await makeUser(t);
    const linkOf = async () => {
      const rows = await t.database.db
        .selectFrom('outbox')
        .select(['id', 'body'])
        .where('to_address', '=', u.email)
        .orderBy('id', 'desc')
        .execute();
      return /token=([A-Za-z0-9_-]+)/.exec(rows.find((r) => r.body !== SENT_BODY)!.body)![1]!;
    };
    const reset = (token: string, ip = '203.0.113.50') =>
      post('/user/password/reset', { token, password: 'brand-new-pass-1' }, {}, ip);

    await post('/user/password/forgot', { email: u.email }, {}, '203.0.113.40');
    const first = await linkOf();
    await post('/user/password/forgot', { email: u.email }, {}, '203.0.113.41');
    const second = await linkOf();
    expect(second).not.toBe(first);
    expect((await reset(first)).json().message).toBe(MESSAGES.resetTokenInvalid);

    // A password change kills the outstanding link too.
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/me',
      headers: bearer(u.token),
      payload: { oldPassword: u.password, newPassword: 'changed-pass-22' },
    });
    expect(change.statusCode).toBe(200);
    expect((await reset(second)).statusCode).toBe(400);

    await post('/user/password/forgot', { email: u.email }, {}, '203.0.113.42');
    const third = await linkOf();
    await t.jobs.runDue({ kinds: [MAIL_JOB] });
    const kept = await t.database.db.selectFrom('outbox').select('body').where('to_address', '=', u.email).execute();
    expect(kept.every((m) => m.body === SENT_BODY)).toBe(true);
    expect((await reset(third)).statusCode).toBe(200);
    expect((await reset(third)).statusCode).toBe(400);
  });

  it('checks a reset token before any work, and limits reset attempts per address', async () => {
    const codes = [];
    for (let i = 0; i < 12; i++)
      codes.push(
        (await post('/user/password/reset', { token: `guess-${i}`, password: 'whatever-123' }, {}, '203.0.113.60')).statusCode,
      );
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('limits password checks on a signed-in account (change and deletion)', async () => {
    const u = await makeUser(t);
    const codes = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/user/me',
        headers: bearer(u.token),
        payload: { password: `nope-${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('gives every spelling of an API path the same maintenance and suspension answers', async () => {
    const member = await makeUser(t);
    const suspended = await makeUser(t);
    await t.services.accountsAdmin.suspend(suspended.id, '测试', null, null);
    const spellings = [
      `/api/v1/users/${member.id}`,
      `/%61pi/v1/users/${member.id}`,
      `/api/%76%31/users/${member.id}`,
      `//api//v1/users/${member.id}`,
      `/api/v1//users/${member.id}`,
    ];
    for (const url of spellings) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(suspended.token) });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 'ACCOUNT_SUSPENDED']);
    }
    await t.services.site.setMaintenance(true, '升级中', null);
    try {
      for (const url of spellings) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(member.token) });
        expect([url, res.statusCode, res.json().code]).toEqual([url, 503, 'MAINTENANCE']);
      }
      // An absolute-form request target, as a proxy would send it, over a real socket.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `GET http://127.0.0.1:${port}/api/v1/users/${member.id} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
          );
        });
        let data = '';
        socket.on('data', (d) => (data += d.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
      expect(raw).toContain('"code":"MAINTENANCE"');
    } finally {
      await t.services.site.setMaintenance(false, undefined, null);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/users/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MESSAGES.invalidInput, code: 'VALIDATION_FAILED' });
  });

  it('refuses NUL and bidirectional controls in every kind of text, with a Chinese message', async () => {
    const u = await makeUser(t);
    const cases = [
      t.app.inject({ method: 'GET', url: `/api/v1/airports?q=${encodeURIComponent('PEK\u0000')}` }),
      post('/user/login', { email: 'a\u0000b@example.com', password: 'x' }),
      post('/user/register', {
        username: 'ab\u202Ecd',
        email: 'rtl@example.com',
        password: 'password-123',
        acceptTerms: true,
        ownPhotosOnly: true,
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/airports',
        headers: bearer(u.token),
        payload: { icao: 'ZZZZ', nameEn: 'Evil\u0000Field' },
      }),
      t.app.inject({ method: 'GET', url: `/api/v1/registrations/${encodeURIComponent('B-1\u0000')}` }),
      // Other controls and invisible format characters: ESC, SOH, a right-to-left mark, the Arabic letter mark.
      ...['\u001b[31m', '\u0001', '\u200f', '\u061c', '\u0085'].map((bad) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/airports',
          headers: bearer(u.token),
          payload: { icao: 'ZZZY', nameEn: `Evil${bad}Field` },
        }),
      ),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(400);
      expectChineseError(res.json());
      expect(JSON.stringify(res.json())).toMatch(new RegExp(`${FORBIDDEN_CHARACTERS_MESSAGE}|${MESSAGES.emailInvalid}|注册号`));
    }
  });

  it('refuses impossible dates, merges repeated categories, counts password characters as seen and caps its bytes', async () => {
    const u = await makeUser(t);
    const jpeg = await makeJpeg({ width: 1600, height: 1000 });
    const meta = (over: Record<string, unknown>) => ({
      registration: 'B-3210',
      aircraftTypeId: ref.a320.id,
      airportId: ref.pek.id,
      takenOn: '2024-05-01',
      categories: ['airliner'],
      queue: 'normal',
      watermark: null,
      ...over,
    });
    let sent = 0;
    const upload = async (m: unknown) => {
      // A new file each time: the very same file twice would be refused as a copy.
      const { payload, headers } = await multipartBody({ file: asAnotherFile(jpeg, ++sent), meta: m });
      return t.app.inject({ method: 'POST', url: '/api/v1/photos', payload, headers: { ...headers, ...bearer(u.token) } });
    };
    const feb30 = await upload(meta({ takenOn: '2024-02-30' }));
    expect(feb30.statusCode).toBe(400);
    expect(feb30.json().issues[0]).toMatchObject({ path: ['takenOn'], message: '日期不存在' });
    const twice = await upload(meta({ categories: ['airliner', 'airliner', 'night'] }));
    expect(twice.json().photo.categories).toEqual(['airliner', 'night']);

    const register = (password: string, n: number) =>
      post(
        '/user/register',
        { username: `密码${n}号`, email: `pw${n}@example.com`, password, acceptTerms: true, ownPhotosOnly: true },
        {},
        `192.0.2.${n}`,
      );
    // Eight emoji are eight characters as the user sees them (sixteen UTF-16 units).
    expect((await register('✈️✈️✈️✈️✈️✈️✈️✈️', 1)).statusCode).toBe(200);
    expect((await register('航空摄影爱好', 2)).json().issues[0].message).toBe(MESSAGES.passwordLength);
    const long = await register('航'.repeat(25), 3);
    expect(long.statusCode).toBe(400);
    expect(long.json().issues[0].message).toBe(MESSAGES.passwordBytes);

    // PUT keeps the three-waiting-photos-per-registration rule of an upload.
    for (let i = 0; i < 3; i++) expect((await upload(meta({ registration: 'B-4444' }))).statusCode).toBe(201);
    const other = (await upload(meta({ registration: 'B-5555' }))).json().photo;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/photos/${other.id}`,
      headers: bearer(u.token),
      payload: { registration: 'b4444' },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(PHOTO_MESSAGES.registrationFull);
  });

  it('commits no upload for an account suspended or deleted while the upload was on its way', async () => {
    const u = await makeUser(t);
    const file = path.join(t.config.dataDir, 'late.jpg');
    fs.writeFileSync(file, await makeJpeg({ width: 1600, height: 1000, seed: 9 }));
    const meta = {
      registration: 'B-7777',
      aircraftTypeId: ref.a320.id,
      airportId: ref.pek.id,
      takenOn: '2024-05-01',
      categories: ['airliner' as const],
      queue: 'normal' as const,
      watermark: null,
    };
    const member = { id: u.id, username: u.username, level: 0, sessionId: 0 };
    // The request passed the auth hook before this happened; the upload's own transaction checks again.
    await t.services.accountsAdmin.suspend(u.id, '测试', null, null);
    await expect(t.services.uploads.upload(member, file, meta)).rejects.toMatchObject({ status: 403, code: 'ACCOUNT_SUSPENDED' });
    const rows = await t.database.db.selectFrom('photos').select('id').where('uploader_id', '=', u.id).execute();
    expect(rows).toEqual([]);
  });

  it('answers malformed multipart with 400', async () => {
    const u = await makeUser(t);
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=nope', 'multipart/form-data; boundary=']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/photos',
        headers: { ...bearer(u.token), 'content-type': contentType },
        payload: 'garbage without any boundary\r\n',
      });
      expect([contentType, res.statusCode]).toEqual([contentType, 400]);
      expectChineseError(res.json());
    }
  });

  it('makes a deleted account’s photos and files unreachable', async () => {
    const u = await makeUser(t);
    const s = await makeUser(t, 1);
    const { payload, headers } = await multipartBody({
      file: await makeJpeg({ width: 1600, height: 1000, seed: 5 }),
      meta: {
        registration: 'B-6060',
        aircraftTypeId: ref.a320.id,
        airportId: ref.pek.id,
        takenOn: '2024-05-01',
        categories: ['airliner'],
        queue: 'normal',
        watermark: null,
      },
    });
    const photo = (
      await t.app.inject({ method: 'POST', url: '/api/v1/photos', payload, headers: { ...headers, ...bearer(u.token) } })
    ).json().photo;
    await t.app.inject({ method: 'POST', url: `/api/v1/screening/photos/${photo.id}/lock`, headers: bearer(s.token) });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/screening/photos/${photo.id}/decision`,
      headers: bearer(s.token),
      payload: { decision: 'accept' },
    });
    const urls = [
      `/api/v1/photos/${photo.id}`,
      `/api/v1/photos/${photo.id}/original`,
      ...photo.renditions.map((r: { url: string }) => r.url),
    ];
    for (const url of urls)
      expect([url, (await t.app.inject({ method: 'GET', url, headers: bearer(s.token) })).statusCode]).toEqual([url, 200]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/me',
      headers: bearer(u.token),
      payload: { password: u.password },
    });
    expect(gone.statusCode).toBe(200);
    for (const url of urls)
      expect([url, (await t.app.inject({ method: 'GET', url, headers: bearer(s.token) })).statusCode]).toEqual([url, 404]);
  });

  it('decodes no more than the allowed number of corrupt uploads at once and accepts none', async () => {
    const u = await makeUser(t);
    // 2 KB of real JPEG whose header claims 4096×4096: the data is far too short for that frame.
    const corrupt = withClaimedSize(await makeJpeg({ width: 64, height: 64, quality: 50 }), 4096, 4096);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const { payload, headers } = await multipartBody({
            file: corrupt,
            meta: {
              registration: `B-7${i}`,
              aircraftTypeId: ref.a320.id,
              airportId: ref.pek.id,
              takenOn: '2024-05-01',
              categories: ['airliner'],
              queue: 'normal',
              watermark: null,
            },
          });
          return t.app.inject({ method: 'POST', url: '/api/v1/photos', payload, headers: { ...headers, ...bearer(u.token) } });
        }),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes).not.toContain(201);
      expect(codes.every((c) => c === 400 || c === 429)).toBe(true);
      for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().message).toBe(PHOTO_MESSAGES.corrupt);
      expect(results.filter((r) => r.statusCode === 429).every((r) => r.headers['retry-after'] === '10')).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    expect(t.services.uploads.peakDecodes).toBeLessThanOrEqual(Math.max(2, (await import('node:os')).availableParallelism()));
    // Two decodes of a claimed 16.8 MP frame (≈ 50 MB of pixels each) at most: well under 400 MB.
    expect(peak - before).toBeLessThan(400 * 1024 * 1024);
  });
});
