import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '../../../../contract/zod.js';
import { PUBLIC_API_LIMITS } from '../../../../contract/public-api.js';
import type { NewPhoto } from '../../db/schema.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  insertAccepted,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

/**
 * A flight tracker's client, written from Planespotters' documented public photo API only
 * (https://www.planespotters.net/photo/api): `{ photos: [{ id, thumbnail: { src, size: { width,
 * height } }, thumbnail_large: { … }, link, photographer }] }`, what tar1090 and planefence read.
 */
const planespottersImage = z.object({
  src: z.url(),
  size: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
});
const planespottersAnswer = z.object({
  photos: z.array(
    z.object({
      id: z.string(),
      thumbnail: planespottersImage,
      thumbnail_large: planespottersImage,
      link: z.url(),
      photographer: z.string().min(1),
    }),
  ),
});
/** What a tracker shows beside an aircraft: the large thumbnail, linked, with its credit. */
function trackerCard(json: unknown): { img: string; href: string; credit: string } | null {
  const first = planespottersAnswer.parse(json).photos[0];
  return first ? { img: first.thumbnail_large.src, href: first.link, credit: `© ${first.photographer}` } : null;
}

// Issue 39, item 2: the Planespotters-shaped photo API by Mode S address and by registration, under
// the open API's rules (CORS, the per-address quota, the photographers' opt-out, cache headers).
describe.each(databaseKinds())('the trackers’ photo API on %s', (kind) => {
  let t: TestApp;
  let screener: User;
  let spotter: User;
  let private_: User;
  let address = 0;
  const photo = {} as Record<'b30ee' | 'b30eeNewer' | 'n12345' | 'hidden', number>;

  const get = async (url: string, from = `10.8.0.${++address}`) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      remoteAddress: from,
      headers: { origin: 'https://tar1090.example' },
    });
    return { status: res.statusCode, headers: res.headers, body: res.json<Record<string, unknown>>() };
  };
  const accepted = (by: User, over: Partial<NewPhoto>) =>
    insertAccepted(t, by.id, { id: screener.id, username: 's', level: 1 }, over);

  beforeAll(async () => {
    t = await createTestApp(kind);
    screener = await makeUser(t, 1);
    spotter = await makeUser(t);
    private_ = await makeUser(t);
    const settings = (user: User, body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/user/me', headers: bearer(user.token), payload: { settings: body } });
    expect((await settings(private_, { allowThirdPartyDisplay: false })).statusCode).toBe(200);
    photo.b30ee = await accepted(spotter, { registration: 'B-30EE', mode_s: '780a1b', taken_on: '2024-01-02' });
    photo.b30eeNewer = await accepted(spotter, { registration: 'B-30EE', taken_on: '2024-03-02' });
    photo.hidden = await accepted(private_, { registration: 'B-30EE', taken_on: '2024-04-02' });
    photo.n12345 = await accepted(spotter, { registration: 'N12345' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a hex as Planespotters does: the aircraft’s photos, newest first, credited and linked', async () => {
    const res = await get('/public/photos/hex/780A1B');
    expect(res.status).toBe(200);
    const card = trackerCard(res.body);
    expect(card).toEqual({
      img: expect.stringContaining('/img/abc123-320.webp'),
      href: `${t.config.publicUrl}/photo/${photo.b30eeNewer}`,
      credit: `© ${spotter.username}`,
    });
    const ids = planespottersAnswer.parse(res.body).photos.map((p) => p.id);
    // The private photographer's photo is never shown elsewhere.
    expect(ids).toEqual([String(photo.b30eeNewer), String(photo.b30ee)]);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['ratelimit-limit']).toBe(String(PUBLIC_API_LIMITS.perMinute));
  });

  it('finds a US aircraft by the address its N-number maps to, and by registration in any spelling', async () => {
    expect(planespottersAnswer.parse((await get('/public/photos/hex/a061d9')).body).photos.map((p) => p.id)).toEqual([
      String(photo.n12345),
    ]);
    expect(planespottersAnswer.parse((await get('/public/photos/reg/n-12345')).body).photos.map((p) => p.id)).toEqual([
      String(photo.n12345),
    ]);
    expect(trackerCard((await get('/public/photos/reg/b30ee')).body)?.href).toBe(
      `${t.config.publicUrl}/photo/${photo.b30eeNewer}`,
    );
  });

  it('answers an unknown hex with no photos, or with the photos of the registration the tracker sent', async () => {
    expect((await get('/public/photos/hex/7c1234')).body).toEqual({ photos: [] });
    const hinted = await get('/public/photos/hex/7c1234?reg=B-30EE&icaoType=A320');
    expect(trackerCard(hinted.body)?.href).toBe(`${t.config.publicUrl}/photo/${photo.b30eeNewer}`);
    expect((await get('/public/photos/reg/NO-REG')).body).toEqual({ photos: [] });
    expect((await get('/public/photos/reg/B-9999')).body).toEqual({ photos: [] });
  });

  it('refuses what is not an address or a registration, in Chinese, with CORS so a page can read why', async () => {
    for (const url of [
      '/public/photos/hex/zzzzzz',
      '/public/photos/hex/12345',
      '/public/photos/reg/%25',
      '/public/photos/reg/-',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expectChineseError(res.body as { message: string });
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('counts toward the open API’s quota per address, and answers a preflight', async () => {
    const from = '10.8.9.9';
    for (let i = 0; i < PUBLIC_API_LIMITS.perMinute; i++) expect((await get('/public/photos/hex/780a1b', from)).status).toBe(200);
    const refused = await get('/public/photos/reg/B-30EE', from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/public/photos/hex/780a1b',
      headers: { origin: 'https://tar1090.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });
});
