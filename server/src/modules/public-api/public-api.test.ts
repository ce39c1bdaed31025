import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LICENCE_CC,
  LICENCE_DISPLAY,
  PUBLIC_API_LIMITS,
  PUBLIC_API_MESSAGES,
  type OembedResponse,
  type PublicPhotosResponse,
} from '../../../../contract/public-api.js';
import type { NewPhoto } from '../../db/schema.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  insertAccepted,
  insertPhoto,
  WITH_RENDITIONS,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';
import { importReferenceData } from '../reference/reference.import.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 23, items 5 and 6: the open photo API for other sites and trackers, and oEmbed.
describe.each(databaseKinds())('the open photo API on %s', (kind) => {
  let t: TestApp;
  let screener: User;
  let spotter: User;
  let private_: User;
  let a320: number;
  const photo = {} as Record<'first' | 'second' | 'pending' | 'hidden' | 'msn', number>;
  let address = 0;

  /** Each test from its own address, so the per-address quota of one does not reach another. */
  const get = async <T>(url: string, from = `10.9.0.${++address}`) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      remoteAddress: from,
      headers: { origin: 'https://tracker.example' },
    });
    return { status: res.statusCode, headers: res.headers, body: res.json<T>() };
  };
  const accepted = (by: User, over: Partial<NewPhoto>) =>
    insertAccepted(t, by.id, { id: screener.id, username: 's', level: 1 }, over);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReferenceData(t.database.db, t.clock.now());
    a320 = (
      await t.database.db
        .selectFrom('aircraft_types')
        .select('id')
        .where('icao', '=', 'A320')
        .where('status', '=', 'available')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    screener = await makeUser(t, 1);
    spotter = await makeUser(t);
    private_ = await makeUser(t);
    const settings = (user: User, body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/user/me', headers: bearer(user.token), payload: { settings: body } });
    expect((await settings(private_, { allowThirdPartyDisplay: false })).statusCode).toBe(200);
    photo.first = await accepted(spotter, { registration: 'B-30EE', aircraft_type_id: a320, taken_on: '2024-01-02' });
    photo.second = await accepted(spotter, { registration: 'B-30EE', aircraft_type_id: a320, taken_on: '2024-02-03' });
    photo.hidden = await accepted(private_, { registration: 'B-30EE', aircraft_type_id: a320 });
    photo.pending = await insertPhoto(t, spotter.id, { registration: 'B-30EE', ...WITH_RENDITIONS });
    photo.msn = await accepted(spotter, { registration: 'B-6677', aircraft_type_id: a320, msn: '4321' });
    expect((await settings(spotter, { allowThirdPartyCc: true })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds b30ee as B-30EE: accepted photos only, of photographers who allow it, credited, open to every origin', async () => {
    const res = await get<PublicPhotosResponse>('/public/photos?reg=b30ee');
    expect(res.status).toBe(200);
    expect(res.body.photos.map((p) => p.id)).toEqual([photo.second, photo.first]);
    const p = res.body.photos[0]!;
    expect(p).toMatchObject({
      link: `${t.config.publicUrl}/photo/${photo.second}`,
      registration: 'B-30EE',
      takenOn: '2024-02-03',
      photographer: { name: spotter.username, link: `${t.config.publicUrl}/user/${spotter.id}` },
      thumbnail: { width: 320, height: 213 },
      medium: { width: 1280, height: 853 },
      licence: LICENCE_CC,
      attribution: `© ${spotter.username} / 航迹 Contrail`,
    });
    expect(p.aircraftType).toContain('A320');
    expect(p.medium.url).toMatch(/^http/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['ratelimit-limit']).toBe(String(PUBLIC_API_LIMITS.perMinute));
    expect(res.headers['ratelimit-remaining']).toBe(String(PUBLIC_API_LIMITS.perMinute - 1));
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    // Any spelling; limit; nothing of the photographer who keeps theirs here.
    expect((await get<PublicPhotosResponse>('/public/photos?reg=B-30-EE&limit=1')).body.photos.map((x) => x.id)).toEqual([
      photo.second,
    ]);
    const ids = (await get<PublicPhotosResponse>('/public/photos?reg=B30EE&limit=50')).body.photos.map((x) => x.id);
    expect(ids).not.toContain(photo.hidden);
    expect(ids).not.toContain(photo.pending);
  });

  it('credits each photo as its photographer chose in the settings, and says a too long credit is refused', async () => {
    const set = (attribution: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/me',
        headers: bearer(spotter.token),
        payload: { settings: { attribution } },
      });
    expect((await set('  © 张三 · 上海拍机小组  ')).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(spotter.token) });
    expect(me.json().settings.attribution).toBe('© 张三 · 上海拍机小组');
    const credited = await get<PublicPhotosResponse>('/public/photos?reg=B-30EE&limit=1');
    expect(credited.body.photos[0]!.attribution).toBe('© 张三 · 上海拍机小组');
    const long = await set('长'.repeat(61));
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('署名最多 60 个字符');
    // Cleared: the default credit again.
    expect((await set('')).statusCode).toBe(200);
    expect((await get<PublicPhotosResponse>('/public/photos?reg=B-30EE&limit=1')).body.photos[0]!.attribution).toBe(
      `© ${spotter.username} / 航迹 Contrail`,
    );
  });

  it('finds an aircraft by MSN and type, and says in Chinese what is missing', async () => {
    const byMsn = await get<PublicPhotosResponse>('/public/photos?msn=4321&type=a320');
    expect(byMsn.body.photos.map((p) => p.id)).toEqual([photo.msn]);
    expect((await get<PublicPhotosResponse>('/public/photos?msn=4321&type=B738')).body.photos).toEqual([]);
    expect((await get<PublicPhotosResponse>('/public/photos?reg=NO-REG')).body.photos).toEqual([]);
    const none = await get<{ message: string }>('/public/photos');
    expect(none.status).toBe(400);
    expectChineseError(none.body);
    expect(JSON.stringify(none.body)).toContain(PUBLIC_API_MESSAGES.needReg);
    expect(none.headers['access-control-allow-origin']).toBe('*');
    expect(none.headers['cache-control'] ?? '').not.toContain('public');
  });

  it(`answers 429 with RateLimit-* and Retry-After past ${PUBLIC_API_LIMITS.perMinute} requests a minute from one address`, async () => {
    const from = '10.9.9.9';
    for (let i = 0; i < PUBLIC_API_LIMITS.perMinute; i++) {
      expect((await get('/public/photos?reg=B-6677', from)).status).toBe(200);
    }
    const refused = await get<{ message: string }>('/public/photos?reg=B-6677', from);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(PUBLIC_API_MESSAGES.tooMany);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    // Another address is not held back; a minute later this one is served again.
    expect((await get('/public/photos?reg=B-6677')).status).toBe(200);
    t.clock.advance(61_000);
    expect((await get('/public/photos?reg=B-6677', from)).status).toBe(200);
  });

  it('embeds an accepted photo by oEmbed with its credit; refuses pending, withheld and foreign links', async () => {
    const url = (id: number) => encodeURIComponent(`${t.config.publicUrl}/photo/${id}`);
    const ok = await get<OembedResponse>(`/oembed?url=${url(photo.first)}&maxwidth=500`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      version: '1.0',
      type: 'photo',
      author_name: spotter.username,
      author_url: `${t.config.publicUrl}/user/${spotter.id}`,
      provider_name: '航迹 Contrail',
      width: 320,
      thumbnail_width: 320,
    });
    expect(ok.body.title).toContain('B-30EE');
    expect((await get<OembedResponse>(`/oembed?url=${url(photo.first)}`)).body.width).toBe(1280);
    for (const id of [photo.pending, photo.hidden, 999_999]) {
      const res = await get<{ message: string }>(`/oembed?url=${url(id)}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PUBLIC_API_MESSAGES.notEmbeddable);
    }
    for (const bad of ['https://elsewhere.example/photo/1', 'not a url', `${t.config.publicUrl}/user/1`]) {
      const res = await get<{ message: string }>(`/oembed?url=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expectChineseError(res.body);
    }
    expect(LICENCE_DISPLAY).toContain('署名');
  });

  it('answers oEmbed in another format than JSON with 501, as the oEmbed spec says', async () => {
    const url = encodeURIComponent(`${t.config.publicUrl}/photo/${photo.first}`);
    for (const format of ['xml', 'yaml']) {
      const res = await get<{ message: string; code: string }>(`/oembed?url=${url}&format=${format}`);
      expect(res.status).toBe(501);
      expect(res.body).toEqual({ message: PUBLIC_API_MESSAGES.badFormat, code: 'NOT_IMPLEMENTED' });
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    expect((await get(`/oembed?url=${url}&format=json`)).status).toBe(200);
  });

  it('answers a browser’s preflight of the open API and oEmbed, so a page elsewhere can ask with If-None-Match', async () => {
    // The site's own CORS list (for its API hosts) answers every other preflight; not these.
    const listed = await createTestApp(kind, { CORS_ORIGINS: 'https://contrail.example' });
    const apps = [t.app, listed.app];
    for (const [app, path] of apps.flatMap((a) => ['/public/photos?reg=B-30EE', '/oembed?url=x'].map((p) => [a, p] as const))) {
      const res = await app.inject({
        method: 'OPTIONS',
        url: `/api/v1${path}`,
        remoteAddress: `10.9.0.${++address}`,
        headers: {
          origin: 'https://tracker.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'if-none-match',
        },
      });
      expect([path, res.statusCode]).toEqual([path, 204]);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(String(res.headers['access-control-allow-methods'])).toContain('GET');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('if-none-match');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.body).toBe('');
    }
    await listed.close();
  });
});
